//! Streams opened with a token end when the token is revoked: each holds
//! an [`Authorised`] place in the hub's registry of open streams per
//! token, and [`Hub::revoke`] ends every stream of the token at once —
//! called by the node that deleted it, and by every node when PostgreSQL
//! announces the deletion.
//!
//! A stream authenticated just before its token's deletion committed may
//! register after the revocation was heard: the hub remembers the last
//! [`REMEMBERED_REVOCATIONS`] revoked tokens, and such a stream ends as it
//! registers.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use tokio_util::sync::CancellationToken;

use super::Hub;
use crate::domain::TokenId;
use crate::store::Store;

/// How many revoked tokens the hub remembers, for the streams that
/// register after their token's revocation was heard.
pub const REMEMBERED_REVOCATIONS: usize = 4096;

#[derive(Debug, Default)]
pub(super) struct Tokens {
    open: HashMap<TokenId, Open>,
    revoked: VecDeque<TokenId>,
    revoked_set: HashSet<TokenId>,
}

/// The streams open with one token.
#[derive(Debug)]
struct Open {
    ended: CancellationToken,
    streams: usize,
}

impl Tokens {
    fn remember(&mut self, token: &TokenId) {
        if !self.revoked_set.insert(token.clone()) {
            return;
        }
        self.revoked.push_back(token.clone());
        if self.revoked.len() > REMEMBERED_REVOCATIONS {
            if let Some(oldest) = self.revoked.pop_front() {
                self.revoked_set.remove(&oldest);
            }
        }
    }
}

/// One open stream's place in the registry of its token, given back when
/// dropped.
#[derive(Debug)]
pub struct Authorised {
    token: TokenId,
    ended: CancellationToken,
    tokens: Arc<Mutex<Tokens>>,
}

impl Authorised {
    /// Cancelled when the token is revoked.
    pub fn ended(&self) -> CancellationToken {
        self.ended.clone()
    }
}

impl Drop for Authorised {
    fn drop(&mut self) {
        let mut tokens = self.tokens.lock().expect("tokens lock");
        if let Some(open) = tokens.open.get_mut(&self.token) {
            open.streams -= 1;
            if open.streams == 0 {
                tokens.open.remove(&self.token);
            }
        }
    }
}

impl Hub {
    /// Registers a stream opened with `token`: it ends when the token is
    /// revoked (at once if that was heard already).
    pub fn authorised_by(&self, token: &TokenId) -> Authorised {
        let mut tokens = self.tokens.lock().expect("tokens lock");
        let revoked = tokens.revoked_set.contains(token);
        let open = tokens.open.entry(token.clone()).or_insert_with(|| Open {
            ended: CancellationToken::new(),
            streams: 0,
        });
        open.streams += 1;
        if revoked {
            open.ended.cancel();
        }
        Authorised {
            token: token.clone(),
            ended: open.ended.clone(),
            tokens: self.tokens.clone(),
        }
    }

    /// Ends every stream of this process opened with `token`, now and as
    /// they register.
    pub fn revoke(&self, token: &TokenId) {
        let mut tokens = self.tokens.lock().expect("tokens lock");
        tokens.remember(token);
        if let Some(open) = tokens.open.get(token) {
            open.ended.cancel();
        }
    }

    /// How many tokens have streams open in this process (for tests and metrics).
    pub fn tokens_with_streams(&self) -> usize {
        self.tokens.lock().expect("tokens lock").open.len()
    }

    /// Revokes the tokens of this process's streams that the database no
    /// longer holds: their deletion may have been announced while this
    /// process was not listening.
    pub(super) async fn recheck_tokens(&self, store: &Store) {
        let held: Vec<TokenId> = {
            let tokens = self.tokens.lock().expect("tokens lock");
            tokens.open.keys().cloned().collect()
        };
        if held.is_empty() {
            return;
        }
        match store.existing_tokens(&held).await {
            Ok(existing) => {
                let existing: HashSet<TokenId> = existing.into_iter().collect();
                for token in held.iter().filter(|token| !existing.contains(token)) {
                    self.revoke(token);
                }
            }
            Err(error) => tracing::warn!(%error, "cannot recheck the streams' tokens"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> TokenId {
        TokenId::parse(text).unwrap()
    }

    #[test]
    fn revoking_a_token_ends_its_streams_only() {
        let hub = Hub::default();
        let (a, b) = (id("aaaaaaaaaa"), id("bbbbbbbbbb"));
        let first = hub.authorised_by(&a);
        let second = hub.authorised_by(&a);
        let other = hub.authorised_by(&b);
        assert_eq!(hub.tokens_with_streams(), 2);
        hub.revoke(&a);
        assert!(first.ended().is_cancelled());
        assert!(second.ended().is_cancelled());
        assert!(
            !other.ended().is_cancelled(),
            "another token's stream runs on"
        );
        drop((first, second));
        assert_eq!(
            hub.tokens_with_streams(),
            1,
            "a token's place goes with its last stream"
        );
        drop(other);
        assert_eq!(hub.tokens_with_streams(), 0);
    }

    #[test]
    fn a_stream_registered_after_its_revocation_ends_at_once() {
        let hub = Hub::default();
        let a = id("aaaaaaaaaa");
        hub.revoke(&a);
        assert!(hub.authorised_by(&a).ended().is_cancelled());
        assert!(!hub.authorised_by(&id("bbbbbbbbbb")).ended().is_cancelled());
    }

    #[test]
    fn the_remembered_revocations_are_bounded() {
        let hub = Hub::default();
        let ids: Vec<TokenId> = (0..=REMEMBERED_REVOCATIONS)
            .map(|n| id(&format!("t{n:09}")))
            .collect();
        for token in &ids {
            hub.revoke(token);
            hub.revoke(token);
        }
        let tokens = hub.tokens.lock().unwrap();
        assert_eq!(tokens.revoked.len(), REMEMBERED_REVOCATIONS);
        assert_eq!(tokens.revoked_set.len(), REMEMBERED_REVOCATIONS);
        assert!(
            !tokens.revoked_set.contains(&ids[0]),
            "the oldest is forgotten"
        );
        assert!(tokens.revoked_set.contains(&ids[REMEMBERED_REVOCATIONS]));
    }
}
