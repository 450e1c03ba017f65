/*
|--------------------------------------------------------------------------
| VineJS setup
|--------------------------------------------------------------------------
*/
import vine, { SimpleMessagesProvider } from '@vinejs/vine'

vine.messagesProvider = new SimpleMessagesProvider({
  'required': 'The {{ field }} field is required',
  'uuid': 'The {{ field }} field must be a valid UUID',
  'cpf': 'The {{ field }} field must be a valid CPF',
  'cnpj': 'The {{ field }} field must be a valid CNPJ',
  'database.unique': 'The {{ field }} is already in use',
})
