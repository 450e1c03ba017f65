import { configApp } from '@adonisjs/eslint-config'

export default configApp(
  { ignores: ['tmp/**', 'storage/**'] },
  {
    files: ['tests/**/*.ts'],
    rules: { '@unicorn/no-await-expression-member': 'off' },
  }
)
