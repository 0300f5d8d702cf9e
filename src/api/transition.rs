//! The HTTP side of the Games layer: its errors as problems, and its
//! transitions run as idempotent writes whose events are published once
//! committed.

use actix_web::{HttpRequest, HttpResponse};

use super::idempotency::{write_once, write_unkeyed, Reply, IDEMPOTENT_REPLAYED};
use super::problem::{ApiError, AuthFailure, ProblemCode};
use super::AppState;
use crate::domain::PlayerId;
use crate::games::{Games, GamesError, Transition};
use crate::store::WriteTx;

impl From<GamesError> for ApiError {
    fn from(error: GamesError) -> Self {
        match error {
            GamesError::UnknownCaller => ApiError::Unauthorized(AuthFailure::UnknownToken),
            GamesError::GameNotFound(id) => ApiError::GameNotFound(id.to_string()),
            GamesError::PreconditionFailed { given, current } => {
                ApiError::PreconditionFailed { given, current }
            }
            GamesError::IllegalMove(detail) => ApiError::IllegalMove(detail),
            GamesError::InvalidGame(detail) => ApiError::InvalidGame(detail),
            GamesError::InvalidPosition(detail) => ApiError::InvalidPosition(detail),
            GamesError::Store(error) => error.into(),
            GamesError::Internal(error) => ApiError::Internal(error),
            refused => ApiError::Game(refused),
        }
    }
}

/// The problem code of a refusal that [`ApiError::Game`] carries as is.
pub fn code_of(error: &GamesError) -> ProblemCode {
    match error {
        GamesError::UnknownCaller => ProblemCode::Unauthorized,
        GamesError::GameNotFound(_) => ProblemCode::GameNotFound,
        GamesError::NotAPlayer(_) => ProblemCode::NotAPlayer,
        GamesError::NotGameCreator => ProblemCode::NotGameCreator,
        GamesError::NotYourTurn { .. } => ProblemCode::NotYourTurn,
        GamesError::StalePly { .. } => ProblemCode::StalePly,
        GamesError::GameNotActive(_) => ProblemCode::GameNotActive,
        GamesError::GameFull => ProblemCode::GameFull,
        GamesError::OwnGame => ProblemCode::OwnGame,
        GamesError::SeatReserved => ProblemCode::SeatReserved,
        GamesError::GameNotWaiting(_) => ProblemCode::GameNotWaiting,
        GamesError::PreconditionFailed { .. } => ProblemCode::PreconditionFailed,
        GamesError::IllegalMove(_) => ProblemCode::IllegalMove,
        GamesError::InvalidGame(_) => ProblemCode::InvalidGame,
        GamesError::InvalidPosition(_) => ProblemCode::InvalidPosition,
        GamesError::TimeOut { .. } => ProblemCode::TimeOut,
        GamesError::NotAbortable => ProblemCode::NotAbortable,
        GamesError::InvalidClock(_) => ProblemCode::InvalidClock,
        GamesError::Store(_) | GamesError::Internal(_) => ProblemCode::Internal,
    }
}

/// A problem raised by the caller's own check inside a transition (an
/// `If-Match` precondition), carried through the layer and back.
impl From<ApiError> for GamesError {
    fn from(error: ApiError) -> Self {
        match error {
            ApiError::PreconditionFailed { given, current } => {
                GamesError::PreconditionFailed { given, current }
            }
            other => GamesError::Internal(anyhow::anyhow!("{other}")),
        }
    }
}

/// Runs one transition of the Games layer as an idempotent write
/// ([`write_once`]), answers with `render`, and publishes the transition's
/// events once its transaction committed (not for a replayed answer).
pub async fn transition_once(
    state: &AppState,
    request: &HttpRequest,
    player: &PlayerId,
    what: &str,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Transition, GamesError>,
    render: impl FnOnce(&Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    transition(state, request, Some((player, what)), work, render).await
}

/// [`transition_once`] for a request without an `Idempotency-Key` whose
/// `work` authenticates the caller itself, in the transaction
/// ([`write_unkeyed`]; `work` fails with [`GamesError::UnknownCaller`]).
pub async fn transition_unkeyed(
    state: &AppState,
    request: &HttpRequest,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Transition, GamesError>,
    render: impl FnOnce(&Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    transition(state, request, None, work, render).await
}

/// Both of the above: `keyed` is the player and the request's content
/// for [`write_once`], `None` for [`write_unkeyed`].
async fn transition(
    state: &AppState,
    request: &HttpRequest,
    keyed: Option<(&PlayerId, &str)>,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Transition, GamesError>,
    render: impl FnOnce(&Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let mut done = Unpublished {
        state,
        transition: None,
    };
    let write = async |tx: &mut WriteTx| {
        let transition = work(&state.games, tx).await?;
        let reply = render(&transition)?;
        done.transition = Some(transition);
        Ok(reply)
    };
    let response = match keyed {
        Some((player, what)) => write_once(&state.store, request, player, what, write).await,
        None => write_unkeyed(&state.store, request, write).await,
    };
    let transition = done.transition.take();
    let response = response?;
    if let Some(transition) = transition {
        if !response.headers().contains_key(IDEMPOTENT_REPLAYED) {
            state.games.publish(transition);
        }
    }
    Ok(response)
}

/// A transition made but not yet published. When the request is dropped
/// on the way (its client left while the transaction committed, which then
/// completes: the store's commit runs to its end), nobody would publish it:
/// once this process's writers had their turn, the streams concerned read
/// the database again.
struct Unpublished<'a> {
    state: &'a AppState,
    transition: Option<Transition>,
}

impl Drop for Unpublished<'_> {
    fn drop(&mut self) {
        let Some(transition) = self.transition.take() else {
            return;
        };
        let store = self.state.store.clone();
        let live = self.state.live.clone();
        tokio::spawn(async move {
            // The write turn comes once the dropped commit has ended.
            if let Ok(tx) = store.begin_write().await {
                let _ = tx.rollback().await;
            }
            live.resync_of(&transition.game);
        });
    }
}
