// The accounts module's public functions: other modules import from here, never from its other files
// (decision 053's fences). It owns the `users` table; other modules read a user through these (decision 062).
export { deletedUsername, isDeletedUsername, mailRecipientOf, usernameOf, type MailRecipient } from './users';
