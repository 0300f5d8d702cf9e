//! Playing with others: challenges (made, accepted, declined, cancelled,
//! listed, told on both players' streams), takebacks and rematches, and
//! bot accounts for outside engines.

mod bot_accounts;
mod challenges;
mod offers;
