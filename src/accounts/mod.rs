//! Accounts: registering a player, the tokens that authenticate them, and
//! the rules that bound both. Each write runs inside a unit of work of the
//! Games layer ([`crate::games::Games::run`]), which the caller begins.

use chrono::{DateTime, TimeDelta, Utc};

use crate::domain::{ApiToken, PlayerId, PlayerName, Scopes, TokenId, TokenLabel};
use crate::games::HookFailed;
use crate::store::{Player, StoreError, TokenRecord, WriteTx};

/// The most tokens one player may hold at once (the registration token
/// included): enough for every phone and script, and a bound on the rows
/// one account can make.
pub const MAX_TOKENS_PER_PLAYER: usize = 20;

/// Why an account's write was refused.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("the name {name:?} is already taken")]
    NameTaken {
        name: String,
        /// The existing name it clashes with, when known.
        resembles: Option<String>,
    },
    #[error("you hold {max} tokens, the most a player may; delete one first")]
    TooManyTokens { max: usize },
    #[error(
        "{max} accounts were registered from your address in the last hour, the most allowed; \
         try again in {retry_after_secs} s"
    )]
    TooManyRegistrations { max: u32, retry_after_secs: u64 },
    #[error("you have no token with the id {0:?}")]
    TokenNotFound(TokenId),
    #[error("{0}")]
    BotUpgradeRefused(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Hook(#[from] HookFailed),
}

/// A new player and the token that authenticates them, shown once.
#[derive(Debug)]
pub struct Registration {
    pub player: Player,
    pub token_id: TokenId,
    pub token: ApiToken,
}

/// A new token of a player's, shown once.
#[derive(Debug)]
pub struct IssuedToken {
    pub record: TokenRecord,
    pub token: ApiToken,
}

/// How many registrations one client address may make per
/// [`REGISTRATION_WINDOW`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationLimit {
    /// The client's address as the rate limiter keys it (IPv6 by /56).
    pub address_key: String,
    pub max: u32,
}

/// The window `--max-registrations-per-hour` counts over.
pub const REGISTRATION_WINDOW: TimeDelta = TimeDelta::hours(1);

/// Registers a player under `name` (unique up to confusable spellings)
/// with a first token, within `limit` registrations per address and hour
/// (counted in the database, so restarts and other nodes share it).
pub async fn register(
    tx: &mut WriteTx,
    name: &PlayerName,
    limit: Option<&RegistrationLimit>,
    now: DateTime<Utc>,
) -> Result<Registration, AccountsError> {
    if let Some(limit) = limit {
        let recent = tx
            .recent_registrations(&limit.address_key, now - REGISTRATION_WINDOW)
            .await?;
        if recent.count >= i64::from(limit.max) {
            let frees_at = recent.oldest.unwrap_or(now) + REGISTRATION_WINDOW;
            let wait = (frees_at - now).num_milliseconds().max(0);
            return Err(AccountsError::TooManyRegistrations {
                max: limit.max,
                retry_after_secs: u64::try_from((wait + 999) / 1000).unwrap_or(1).max(1),
            });
        }
        tx.record_registration(&limit.address_key, now).await?;
    }
    let token = ApiToken::generate();
    let Some(registered) = tx.insert_player(name, &token.hash(), now).await? else {
        let resembles = tx.name_resembling(&name.keys()).await?;
        return Err(AccountsError::NameTaken {
            name: name.to_string(),
            resembles,
        });
    };
    tracing::info!(player_id = %registered.player.id, token_id = %registered.token_id, "player registered");
    Ok(Registration {
        player: registered.player,
        token_id: registered.token_id,
        token,
    })
}

/// Issues another token to `player`, under `label`, that may do what
/// `scopes` allow: at most [`MAX_TOKENS_PER_PLAYER`] each.
pub async fn issue_token(
    tx: &mut WriteTx,
    player: &PlayerId,
    label: &TokenLabel,
    scopes: Scopes,
    now: DateTime<Utc>,
) -> Result<IssuedToken, AccountsError> {
    tx.lock_player(player).await?;
    if tx.count_tokens(player).await? >= MAX_TOKENS_PER_PLAYER as i64 {
        return Err(AccountsError::TooManyTokens {
            max: MAX_TOKENS_PER_PLAYER,
        });
    }
    let token = ApiToken::generate();
    let record = tx
        .insert_token(player, label, &token.hash(), scopes, now)
        .await?;
    tracing::info!(player_id = %player, token_id = %record.id, "token created");
    Ok(IssuedToken { record, token })
}

/// Makes `player`'s account a bot account, for good: refused to a bot
/// already, to an account that has played a rated game (its rating was
/// made against people, and bots are unrated) and to one with a game
/// waiting or under way (it began as a person's).
pub async fn upgrade_to_bot(tx: &mut WriteTx, player: &Player) -> Result<(), AccountsError> {
    if player.plays_as_bot() {
        return Err(AccountsError::BotUpgradeRefused(
            "the account is a bot already".to_owned(),
        ));
    }
    tx.lock_player(&player.id).await?;
    let (rated, live) = tx.rated_and_live_games_of(&player.id).await?;
    if rated > 0 {
        return Err(AccountsError::BotUpgradeRefused(format!(
            "the account has played {rated} rated game(s): a bot account must be a fresh one, \
             since bots' games are never rated"
        )));
    }
    if live > 0 {
        return Err(AccountsError::BotUpgradeRefused(format!(
            "the account has {live} game(s) waiting or under way: finish them first"
        )));
    }
    if !tx.upgrade_to_bot(&player.id).await? {
        return Err(AccountsError::BotUpgradeRefused(
            "the account is a bot already".to_owned(),
        ));
    }
    tracing::info!(player_id = %player.id, "account upgraded to a bot account");
    Ok(())
}

/// Deletes one of `player`'s tokens.
pub async fn delete_token(
    tx: &mut WriteTx,
    player: &PlayerId,
    id: &TokenId,
) -> Result<(), AccountsError> {
    if !tx.delete_token(player, id).await? {
        return Err(AccountsError::TokenNotFound(id.clone()));
    }
    tracing::info!(player_id = %player, token_id = %id, "token deleted");
    Ok(())
}
