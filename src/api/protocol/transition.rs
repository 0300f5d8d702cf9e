//! The HTTP side of the Games layer: a transition run for a request, as
//! one unit of work keyed by its `Idempotency-Key`.

use actix_web::{HttpRequest, HttpResponse};

use crate::api::problems::ApiError;
use crate::api::protocol::idempotency::{run_once, Reply};
use crate::api::AppState;
use crate::domain::PlayerId;
use crate::games::{Done, Games, GamesError, HookFailed, Transition};
use crate::store::{KeyScope, StoreError, WriteTx};

/// Runs one transition of the Games layer for `player` as a unit of work
/// ([`run_once`]) and answers with `render`; the unit publishes the
/// transition once its transaction committed (not for a replayed answer).
pub async fn transition_once(
    state: &AppState,
    request: &HttpRequest,
    player: &PlayerId,
    what: &str,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Transition, GamesError>,
    render: impl FnOnce(&Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let work = async |games: &Games, tx: &mut WriteTx| work(games, tx).await.map(Done::transition);
    let render = |_: &(), transition: Option<&Transition>| match transition {
        Some(transition) => render(transition),
        None => Err(ApiError::Internal(anyhow::anyhow!("a transition was made"))),
    };
    run_once(
        state,
        request,
        KeyScope::Player(player),
        None,
        what,
        work,
        render,
    )
    .await
}

/// Runs `work` as a unit of work without an `Idempotency-Key` (the caller
/// checked that the request has none), and answers with `render`.
pub async fn run_unkeyed<T, E>(
    state: &AppState,
    work: impl AsyncFnOnce(&Games, &mut WriteTx) -> Result<Done<T>, E>,
    render: impl FnOnce(&T, &Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError>
where
    E: From<StoreError> + From<HookFailed>,
    ApiError: From<E>,
{
    let committed = state.games.run_unkeyed(&state.store, work).await?;
    let transition = committed
        .transition
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a transition was made")))?;
    Ok(render(&committed.value, &transition)?.into_response())
}

/// Answers with `render` for a transition committed in one statement, out
/// of a unit of work's transaction ([`crate::games::Games::play_at_once`]).
pub fn answer_committed(
    transition: &Transition,
    render: impl FnOnce(&Transition) -> Result<Reply, ApiError>,
) -> Result<HttpResponse, ApiError> {
    Ok(render(transition)?.into_response())
}
