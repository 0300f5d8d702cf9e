//! Players and their accounts: registration (and its idempotency), names
//! that cannot impersonate, tokens, and the migration that gave names keys.

mod accounts_migration;
mod names;
mod players;
mod registration;
mod scopes;
mod tokens;
