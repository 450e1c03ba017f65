import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { withCpfCheckDigits } from '#support/documents'

/** The password of every factory user */
export const FACTORY_PASSWORD = 'secret-pass-123'

/** Hashed once per process: scrypt is slow on purpose */
let passwordHash: Promise<string> | undefined

export const UserFactory = factory
  .define(User, async ({ faker }) => {
    passwordHash ??= hash.make(FACTORY_PASSWORD)
    return {
      name: faker.person.fullName(),
      email: faker.internet
        .email()
        .toLowerCase()
        .replace('@', `.${faker.string.alphanumeric(6)}@`),
      phone: faker.helpers.replaceSymbols('+55119########'),
      cpf: withCpfCheckDigits(faker.string.numeric(9)),
      avatar: null,
      password: await passwordHash,
      /** Factory users own their mailbox; `unverified` is an account that only registered it */
      emailVerifiedAt: DateTime.now(),
    }
  })
  .state('withoutPassword', (user) => {
    user.password = null
  })
  .state('unverified', (user) => {
    user.emailVerifiedAt = null
  })
  .build()
