// Deleting an account (docs/money.md "Deleting an account").
export { deleteAccount, DELETE_CONFIRMATION } from "./delete-account.server";
