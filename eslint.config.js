import { configApp } from '@adonisjs/eslint-config'

export default configApp(
  { ignores: ['tmp/**', 'storage/**', 'database/schema.ts'] },
  {
    files: ['tests/**/*.ts'],
    rules: { '@unicorn/no-await-expression-member': 'off' },
  }
)
