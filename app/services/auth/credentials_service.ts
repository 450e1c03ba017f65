import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { UnauthorizedException } from '#exceptions/http_exceptions'

let dummyHash: Promise<string> | undefined

/**
 * Checks an e-mail and password in constant time: an unknown e-mail costs
 * the same hash verification as a wrong password and gets the same answer.
 */
export async function verifyCredentials(email: string, password: string): Promise<User> {
  dummyHash ??= hash.make('dummy-password-for-timing')
  const user = await User.findByEmail(email)
  const storedHash = user?.password ?? (await dummyHash)
  const matches = await hash.verify(storedHash, password)
  if (!user || !user.password || !matches) {
    throw new UnauthorizedException('errors.invalid_credentials', { code: 'E_INVALID_CREDENTIALS' })
  }
  return user
}
