//! Every error answer is an RFC 9457 problem (`application/problem+json`)
//! with a stable machine `code`. The catalogue below is the one place that
//! defines a code; `GET /problems/{code}` serves it.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::AccountsError;
use crate::domain::{echoed, InvalidLabel, InvalidName, Scope, MAX_DETAIL_CHARS};
use crate::engine::{PositionError, RulesError};
use crate::games::GamesError;
use crate::live::Refused;
use crate::store::StoreError;

mod fields;

pub use fields::{FieldError, Fields, InvalidFields};

pub const PROBLEM_JSON: &str = "application/problem+json";

/// The `Retry-After` of a refused stream: long enough for a client that
/// loops not to hammer, short enough to come back soon after one closed.
pub const STREAM_RETRY_AFTER_SECS: u64 = 5;

/// Largest JSON request body accepted, in bytes.
pub const MAX_JSON_BODY_BYTES: usize = 16 * 1024;

macro_rules! problem_codes {
    ($( $variant:ident => $code:literal, $status:ident, $title:literal, $description:literal; )*) => {
        /// The catalogue of problem codes. Add a code by adding a line here.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ProblemCode { $( $variant, )* }

        impl ProblemCode {
            pub const ALL: &'static [ProblemCode] = &[ $( ProblemCode::$variant, )* ];

            pub fn as_str(self) -> &'static str {
                match self { $( ProblemCode::$variant => $code, )* }
            }

            pub fn status(self) -> StatusCode {
                match self { $( ProblemCode::$variant => StatusCode::$status, )* }
            }

            pub fn title(self) -> &'static str {
                match self { $( ProblemCode::$variant => $title, )* }
            }

            pub fn description(self) -> &'static str {
                match self { $( ProblemCode::$variant => $description, )* }
            }
        }
    };
}

problem_codes! {
    InvalidName => "invalid_name", UNPROCESSABLE_ENTITY, "Invalid player name",
        "A player name has 1 to 32 characters after trimming, in one script: letters, digits, combining marks (at most 4 on a letter), spaces and `_ - . '`; nothing invisible, no bidirectional control, no unassigned code point (README.md, \"Names\"). The detail names the character.";
    NameTaken => "name_taken", CONFLICT, "Name already taken",
        "Another player has this name, or one that looks like it: names are compared by their Unicode confusable skeleton (UTS #39), ignoring case, so `Alice`, `ALICE`, Cyrillic `Аlice` and `A1ice` are one name. The detail names the existing one.";
    Unauthorized => "unauthorized", UNAUTHORIZED, "Unauthorized",
        "This endpoint needs `Authorization: Bearer <token>` with a token returned by `POST /v1/players` or `POST /v1/me/tokens`; it was missing, malformed, unknown or deleted.";
    InsufficientScope => "insufficient_scope", FORBIDDEN, "Insufficient scope",
        "The bearer token lacks the scope this operation needs; the problem's `scope` (and its detail) names it. A token's scopes are chosen when it is made (`POST /v1/me/tokens`, `scopes`) and never change: make one with the scope (docs/API.md, \"Token scopes\").";
    InvalidScope => "invalid_scope", UNPROCESSABLE_ENTITY, "Invalid scope",
        "`scopes` lists one or more of `read`, `play`, `challenge`, `webhooks`, `tokens`, each at most once; the detail names the bad entry.";
    InvalidLabel => "invalid_label", UNPROCESSABLE_ENTITY, "Invalid token label",
        "A token label has 1 to 64 characters after trimming, with no control, invisible or bidirectional-control character (emoji and their joiners are fine).";
    TokenNotFound => "token_not_found", NOT_FOUND, "Token not found",
        "You have no token with this id (another player's tokens are not yours to see or delete).";
    TooManyTokens => "too_many_tokens", CONFLICT, "Too many tokens",
        "A player holds at most 20 tokens. Delete one you no longer use (`DELETE /v1/me/tokens/{id}`) first.";
    WebhookNotFound => "webhook_not_found", NOT_FOUND, "Webhook endpoint not found",
        "You have no webhook endpoint with this id (another player's endpoints are not yours to see or change).";
    WebhookDeliveryNotFound => "webhook_delivery_not_found", NOT_FOUND, "Webhook delivery not found",
        "The endpoint has no delivery with this id: it never had, or it was swept from the log after the retention period (`--webhook-retention-hours`, 7 days by default).";
    InvalidWebhook => "invalid_webhook", UNPROCESSABLE_ENTITY, "Invalid webhook endpoint",
        "A webhook endpoint has an absolute `http` or `https` `url` of at most 2048 bytes, `events` naming at least one of `game.started`, `game.move`, `game.ended`, `game.aborted`, `challenge.created`, and a `description` of at most 200 characters without control characters; the detail names the field.";
    WebhookTargetRefused => "webhook_target_refused", UNPROCESSABLE_ENTITY, "Webhook target refused",
        "The webhook's URL is not `http` or `https`, or its host is (or resolves to) a loopback, private, shared, link-local, multicast, unspecified or reserved address, IPv4 or IPv6, however written (`localhost`, `http://2130706433/`, `[::ffff:127.0.0.1]`). The server's operator may allow such targets (`--webhook-allow-private-targets`).";
    TooManyWebhooks => "too_many_webhooks", CONFLICT, "Too many webhook endpoints",
        "A player has at most 10 webhook endpoints (`--max-webhooks-per-player`). Delete one you no longer use (`DELETE /v1/me/webhooks/{id}`) first.";
    PlayerNotFound => "player_not_found", NOT_FOUND, "Player not found",
        "No player has this id.";
    GameNotFound => "game_not_found", NOT_FOUND, "Game not found",
        "No game has this id.";
    LeaderboardNotFound => "leaderboard_not_found", NOT_FOUND, "Leaderboard not found",
        "There is a leaderboard per preset (`classic`, `village`, `online`) and no other; custom rule mixes are unrated.";
    NotOnLeaderboard => "not_on_leaderboard", NOT_FOUND, "Not on the leaderboard",
        "The player is not on this leaderboard: they have no rating in the preset, or the filters (`include_provisional`, `min_games`) leave them off.";
    InvalidRules => "invalid_rules", UNPROCESSABLE_ENTITY, "Invalid ruleset",
        "The ruleset cannot be honoured; the detail names the parameter (RULES.md §4).";
    InvalidPosition => "invalid_position", UNPROCESSABLE_ENTITY, "Invalid position",
        "The position string is malformed or not a valid start under the ruleset; the detail names the field (RULES.md §1).";
    InvalidMove => "invalid_move", UNPROCESSABLE_ENTITY, "Invalid move",
        "The move is not written as `<1-5><L|R>` (e.g. `3R`) or `{square: 1..=5, direction: left|right}`.";
    IllegalMove => "illegal_move", UNPROCESSABLE_ENTITY, "Illegal move",
        "The move is well-formed but not legal in the position: its square is empty, or the game is over.";
    InvalidGame => "invalid_game", UNPROCESSABLE_ENTITY, "Invalid game request",
        "The game cannot be created as asked, e.g. the opponent is unknown or is the creator.";
    NotAPlayer => "not_a_player", FORBIDDEN, "Not a player of this game",
        "Only the two seated players may move or resign in a game.";
    NotGameCreator => "not_game_creator", FORBIDDEN, "Not the game's creator",
        "Only the player who created a game may cancel it.";
    BotUpgradeRefused => "bot_upgrade_refused", CONFLICT, "Bot upgrade refused",
        "Only a fresh person's account becomes a bot account: not a bot already, not one that has played a rated game (bots' games are never rated), not one with a game waiting or under way; the detail says which.";
    NotChallenged => "not_challenged", FORBIDDEN, "Not challenged",
        "Only the player a challenge is for may accept or decline it; its challenger may cancel it.";
    InvalidDeclineReason => "invalid_decline_reason", UNPROCESSABLE_ENTITY, "Invalid decline reason",
        "`reason` is one of `generic`, `later`, `too_fast`, `too_slow`, `time_control`, `rated`, `casual`, `rules`, `no_bot`, `only_bot`.";
    GameNotOver => "game_not_over", CONFLICT, "Game not over",
        "A rematch is offered once the game is over (finished, aborted, or a flag fell).";
    OfferPending => "offer_pending", CONFLICT, "Offer pending",
        "You made this offer already: wait for the other player's answer, or withdraw it with `DELETE`.";
    NoOffer => "no_offer", CONFLICT, "No offer",
        "There is no standing offer of this kind to withdraw or decline (a takeback offer lapses when a move is played).";
    TakebackNotAllowed => "takeback_not_allowed", CONFLICT, "Takeback not allowed",
        "Moves are taken back only in casual (unrated) games between two people; the detail says why not here.";
    NothingToTakeBack => "nothing_to_take_back", CONFLICT, "Nothing to take back",
        "A takeback undoes the offerer's last move (and the reply to it): you have made no move yet.";
    RematchMade => "rematch_made", CONFLICT, "Rematch made",
        "The rematch of this game was made already; the detail names its game.";
    DrawNotAllowed => "draw_not_allowed", CONFLICT, "No draw by agreement",
        "RULES.md decides a game by the board (both mandarins captured, the ply limit, a forfeit), a resignation or the clock; a draw is equal scores at the end, never an agreement.";
    NotYourTurn => "not_your_turn", CONFLICT, "Not your turn",
        "The other seat is to move.";
    StalePly => "stale_ply", CONFLICT, "Stale ply",
        "The request expected another ply than the game's current one: a move was played meanwhile. Fetch the game and decide again.";
    GameNotActive => "game_not_active", CONFLICT, "Game not active",
        "Moves, resignations and aborts need an active game; this one is waiting, finished, cancelled, archived, aborted or expired.";
    GameFull => "game_full", CONFLICT, "Game full",
        "Both seats of this game are taken.";
    OwnGame => "own_game", CONFLICT, "Own game",
        "You already sit in this game; the other seat is for someone else.";
    SeatReserved => "seat_reserved", CONFLICT, "Seat reserved",
        "The open seat is reserved for another player.";
    GameNotWaiting => "game_not_waiting", CONFLICT, "Game not waiting",
        "Only a game still waiting for its second player can be joined or cancelled.";
    TimeOut => "time_out", CONFLICT, "Time ran out",
        "The move came after the side to move's deadline (the game's `clock.deadline`, on the server's clock): the flag fell, and the game is over, `finished` with `end_reason` `timeout`, or `aborted` if it was too short to count.";
    TooManyWaitingGames => "too_many_waiting_games", CONFLICT, "Too many waiting games",
        "You have as many games waiting for an opponent as a player may (`--max-waiting-games`, 10 by default): cancel one, or wait for one to be joined or to expire.";
    TooManyRegistrations => "too_many_registrations", TOO_MANY_REQUESTS, "Too many registrations",
        "As many accounts were registered from this client address (an IPv6 address counts by its /56) in the last hour as the server allows (`--max-registrations-per-hour`, 5 by default). Wait the number of seconds given in `Retry-After`.";
    NotAbortable => "not_abortable", CONFLICT, "Game cannot be aborted",
        "Only an active game in which a side has made fewer than two moves can be aborted; resign instead.";
    InvalidClock => "invalid_clock", UNPROCESSABLE_ENTITY, "Invalid clock",
        "`clock` is `{initial_s, increment_s}` (1 to 86400 and 0 to 3600 seconds) or `{days_per_move}` (1 to 30); the detail names the field.";
    PreconditionFailed => "precondition_failed", PRECONDITION_FAILED, "Precondition failed",
        "`If-Match` named another version of the game than the current one (its `ETag`).";
    IdempotencyKeyReused => "idempotency_key_reused", UNPROCESSABLE_ENTITY, "Idempotency key reused",
        "This `Idempotency-Key` was already used by you for a different request. Use a new key for each distinct request.";
    InvalidHeader => "invalid_header", BAD_REQUEST, "Invalid header",
        "A request header does not have the expected form; the detail names it.";
    NotFound => "not_found", NOT_FOUND, "Not found",
        "Nothing exists at this path.";
    MethodNotAllowed => "method_not_allowed", METHOD_NOT_ALLOWED, "Method not allowed",
        "The path exists but does not accept this method; the `Allow` header lists the methods it accepts.";
    MalformedJson => "malformed_json", BAD_REQUEST, "Malformed JSON",
        "The request body is not well-formed JSON (or is empty).";
    InvalidBody => "invalid_body", UNPROCESSABLE_ENTITY, "Invalid request body",
        "The request body is well-formed JSON but not of the expected shape: a field is missing or has the wrong type.";
    UnsupportedMediaType => "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE, "Unsupported media type",
        "The request body must be sent with `Content-Type: application/json`.";
    PayloadTooLarge => "payload_too_large", PAYLOAD_TOO_LARGE, "Payload too large",
        "The request body is larger than this endpoint accepts (16 KiB for JSON bodies; 1 MiB for a game record to import).";
    InvalidPathParameter => "invalid_path_parameter", BAD_REQUEST, "Invalid path parameter",
        "A parameter in the path does not have the expected form, e.g. a player id that is not 10 letters or digits.";
    InvalidQuery => "invalid_query", BAD_REQUEST, "Invalid query string",
        "The query string has a parameter this endpoint does not take (the detail names it, the accepted ones and the closest), or a parameter whose value is missing or of the wrong type (the detail names it).";
    BadRequest => "bad_request", BAD_REQUEST, "Bad request",
        "The request could not be understood. This generic code is used only when no more specific one applies.";
    RateLimited => "rate_limited", TOO_MANY_REQUESTS, "Too many requests",
        "This client IP has sent more requests than the rate limit allows, or holds more connections open than `--max-connections-per-ip`. Wait the number of seconds given in `Retry-After`.";
    DatabaseUnavailable => "database_unavailable", SERVICE_UNAVAILABLE, "Database unavailable",
        "The database cannot be reached right now, or is locked past its busy timeout (it is restarting, down or overloaded): the request was not carried out, unless the connection was lost during its commit (a retry with the same `Idempotency-Key` tells). Retry after the seconds in `Retry-After`.";
    InvalidRecord => "invalid_record", UNPROCESSABLE_ENTITY, "Invalid game record",
        "The game record cannot be read: its text or JSON is not of the record format (README.md, \"Game records\"), or a value in it is not allowed; the detail names the part.";
    InconsistentRecord => "inconsistent_record", UNPROCESSABLE_ENTITY, "Inconsistent game record",
        "The game record reads, but does not replay: the detail names the first bad move (illegal, out of turn, or leading to another position than the record says), or the result the moves contradict.";
    AnswerTooLarge => "answer_too_large", UNPROCESSABLE_ENTITY, "Answer too large",
        "The answer would hold more than the server sends for one request (the detail gives the limit): ask for a shorter line.";
    InvalidSearch => "invalid_search", UNPROCESSABLE_ENTITY, "Invalid search request",
        "The search limits are out of range: `time_ms` is 1..=2000, `depth` 1..=96, `level` 1..=7; the detail names the field.";
    TooManyBotGames => "too_many_bot_games", CONFLICT, "Too many games against bots",
        "A player may have a few games against the built-in bots waiting or active at once (`--max-bot-games-per-player`, default 3; the detail gives it). Finish or resign one of them to start another.";
    BotsBusy => "bots_busy", SERVICE_UNAVAILABLE, "Bots busy",
        "As many bot moves wait for a search slot as the server queues (`--bot-max-queued`): no new game against a bot starts for now, while the games under way go on. Retry after the number of seconds in `Retry-After`, the time the moves waiting take.";
    AnalysisBusy => "analysis_busy", SERVICE_UNAVAILABLE, "Analysis busy",
        "As many searches as the server allows are running or waiting. Retry after the number of seconds in `Retry-After`.";
    InvalidTicket => "invalid_ticket", UNAUTHORIZED, "Invalid stream ticket",
        "The `ticket` of `GET /v1/me/stream?ticket=` is unknown, used already (a ticket opens one stream), expired (it lives 60 seconds by default) or was issued with a token since deleted. Get a new one with `POST /v1/me/stream-tickets`.";
    SinceAhead => "since_ahead", BAD_REQUEST, "Resumption ahead of the game",
        "A game's stream was asked to resume (`?since=` or `Last-Event-ID`) after a version the game has not reached; the detail gives the game's current version. Resume from a version you were sent, or open the stream without one for a snapshot.";
    TooManyStreams => "too_many_streams", TOO_MANY_REQUESTS, "Too many streams",
        "This client IP holds as many streams open as the server allows (`--max-streams-per-ip`, answered 429), or the server holds as many as it allows in all (`--max-streams`, answered 503). Close one, or retry after the seconds in `Retry-After`.";
    Overloaded => "overloaded", SERVICE_UNAVAILABLE, "Overloaded",
        "The server has as many requests waiting for the database as it queues (`--db-max-waiting`), or this one waited `--db-queue-timeout-ms` for its turn; nothing of it was done or stored. Retry after the seconds in `Retry-After`.";
    InvalidTournament => "invalid_tournament", UNPROCESSABLE_ENTITY, "Invalid tournament",
        "The tournament cannot be created as asked: the detail names the field (`name` 1 to 64 characters; `format` `round_robin`, `swiss` or `arena`; a Swiss's `rounds` 1 to 15, a round-robin's and an arena's none; an arena's `duration_min` 1 to 720, the other formats' none; `max_players` 2 to 32; `clock`; `starts_at` a time to come; `bots` built-in bots' ids, each once).";
    TournamentNotFound => "tournament_not_found", NOT_FOUND, "Tournament not found",
        "No tournament has this id.";
    NotTournamentCreator => "not_tournament_creator", FORBIDDEN, "Not the tournament's creator",
        "Only the player who created a tournament may start or cancel it.";
    TournamentNotRegistering => "tournament_not_registering", CONFLICT, "Tournament not registering",
        "Players join, and a tournament is started, only while it is `registering`; this one is running, finished or cancelled.";
    TournamentOver => "tournament_over", CONFLICT, "Tournament over",
        "The tournament is finished or cancelled: nobody withdraws from it, and it cannot be cancelled again.";
    TournamentFull => "tournament_full", CONFLICT, "Tournament full",
        "The tournament has as many players as its `max_players`.";
    AlreadyEntered => "already_entered", CONFLICT, "Already entered",
        "You are entered in this tournament already.";
    NotEntered => "not_entered", CONFLICT, "Not entered",
        "You are not entered in this tournament (or withdrew from it already).";
    TooFewPlayers => "too_few_players", CONFLICT, "Too few players",
        "A tournament starts with two players or more.";
    Internal => "internal", INTERNAL_SERVER_ERROR, "Internal error",
        "The server failed unexpectedly. Quote the `X-Request-Id` response header when reporting it.";
}

impl ProblemCode {
    /// The one other status a code may come with: `too_many_streams` is 429
    /// for the client's cap and 503 for the server's.
    pub fn also_status(self) -> Option<StatusCode> {
        match self {
            ProblemCode::TooManyStreams => Some(StatusCode::SERVICE_UNAVAILABLE),
            _ => None,
        }
    }

    /// Whether this code can be answered with `status`.
    pub fn comes_with(self, status: StatusCode) -> bool {
        status == self.status() || Some(status) == self.also_status()
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.as_str() == code)
    }

    /// The problem's `type`: a URI reference that `GET /problems/{code}` resolves.
    pub fn type_uri(self) -> String {
        format!("/problems/{}", self.as_str())
    }
}

/// An RFC 9457 problem details object.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "/problems/player_not_found",
    "title": "Player not found",
    "status": 404,
    "detail": "no player has the id \"aB3dE6gH9j\"",
    "code": "player_not_found"
}))]
pub struct Problem {
    /// URI reference to the description of this kind of problem.
    #[serde(rename = "type")]
    #[schema(format = "uri-reference")]
    pub type_: String,
    /// Short summary of the kind of problem; the same for every occurrence.
    pub title: String,
    /// The HTTP status code.
    pub status: u16,
    /// What went wrong with this request.
    pub detail: String,
    /// Stable machine-readable code; see `GET /problems/{code}`.
    #[schema(value_type = crate::api::views::names::ProblemCodeName)]
    pub code: String,
    /// `insufficient_scope` only: the scope the operation needs.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Scope>)]
    pub scope: Option<Scope>,
    /// Invalid input only: every invalid field of the request, in the
    /// order of the body's fields; `code` and `detail` above are the
    /// first's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldError>>,
}

impl Problem {
    /// The detail may echo input: it is held to [`MAX_DETAIL_CHARS`], with
    /// anything token-shaped masked.
    pub fn new(code: ProblemCode, status: StatusCode, detail: impl Into<String>) -> Self {
        let detail = detail.into();
        Problem {
            type_: code.type_uri(),
            title: code.title().to_owned(),
            status: status.as_u16(),
            detail: echoed(&detail, MAX_DETAIL_CHARS).into_owned(),
            code: code.as_str().to_owned(),
            scope: None,
            errors: None,
        }
    }

    pub fn to_response(&self) -> HttpResponse {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = serde_json::to_string(self).unwrap_or_default();
        HttpResponse::build(status)
            .content_type(PROBLEM_JSON)
            .body(body)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuthFailure {
    #[error("this endpoint needs an Authorization: Bearer <token> header")]
    Missing,
    #[error("the Authorization header is not of the form Bearer <token>, or the token is not one we issue")]
    Malformed,
    #[error("the bearer token is not known")]
    UnknownToken,
}

/// Everything a handler can fail with. Its `Display` is the problem `detail`.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    InvalidName(#[from] InvalidName),
    #[error("the name {name:?} is already taken{}", looking_like(name, .resembles))]
    NameTaken {
        name: String,
        /// The existing name it clashes with, when known.
        resembles: Option<String>,
    },
    #[error("{0}")]
    Unauthorized(AuthFailure),
    #[error("this token lacks the scope `{0}`, which this operation needs; make a token with it (POST /v1/me/tokens, \"scopes\")")]
    InsufficientScope(Scope),
    #[error("{0}")]
    InvalidScope(String),
    /// Invalid fields of a request, each with its own problem; the first
    /// gives the code, status and detail.
    #[error("{}", .0.first())]
    Fields(InvalidFields),
    #[error("no player has the id {0:?}")]
    PlayerNotFound(String),
    #[error("{0}")]
    InvalidLabel(#[from] InvalidLabel),
    #[error("you have no token with the id {0:?}")]
    TokenNotFound(String),
    #[error("you hold {max} tokens, the most a player may; delete one first")]
    TooManyTokens { max: usize },
    #[error("no game has the id {0:?}")]
    GameNotFound(String),
    /// A webhook request refused.
    #[error(transparent)]
    Webhook(crate::webhooks::WebhooksError),
    #[error("there is no leaderboard {0:?}; there is one per preset: classic, village, online")]
    LeaderboardNotFound(String),
    #[error("{0}")]
    NotOnLeaderboard(String),
    #[error("{0}")]
    InvalidRules(#[from] RulesError),
    #[error("{0}")]
    InvalidPosition(String),
    #[error("{0}")]
    InvalidMove(String),
    #[error("{0}")]
    IllegalMove(String),
    #[error("{0}")]
    InvalidGame(String),
    #[error("{0}")]
    InvalidDeclineReason(String),
    #[error("{0}")]
    BotUpgradeRefused(String),
    /// A transition of a game the Games layer refused.
    #[error(transparent)]
    Game(GamesError),
    #[error("If-Match {given} does not match the game's current ETag {current}")]
    PreconditionFailed { given: String, current: String },
    #[error("the Idempotency-Key {0:?} was already used for a different request")]
    IdempotencyKeyReused(String),
    #[error("{0}")]
    InvalidHeader(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{method} is not allowed here; allowed: {}", join_methods(.allow))]
    MethodNotAllowed { method: Method, allow: Vec<Method> },
    #[error("{0}")]
    MalformedJson(String),
    #[error("{0}")]
    InvalidBody(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("the request body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("{0}")]
    InvalidPathParameter(String),
    #[error("{0}")]
    InvalidQuery(String),
    #[error("{0}")]
    BadRequest(String),
    #[error("rate limit exceeded; retry in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error("{detail}")]
    TooManyRegistrations {
        detail: String,
        retry_after_secs: u64,
    },
    #[error("the database cannot be reached")]
    DatabaseUnavailable(#[source] StoreError),
    #[error("{0}")]
    InvalidRecord(String),
    #[error("{0}")]
    InconsistentRecord(String),
    #[error("{0}")]
    AnswerTooLarge(String),
    #[error("{0}")]
    InvalidSearch(String),
    #[error("the server is running as many searches as it allows; retry in a second")]
    AnalysisBusy,
    #[error("the bots have as many moves waiting for a search as the server queues; no new game against a bot starts now, retry in {retry_after_secs} s")]
    BotsBusy { retry_after_secs: u64 },
    #[error("the stream ticket is unknown, used already or expired; get a new one with POST /v1/me/stream-tickets")]
    InvalidTicket,
    #[error("{given_by} {given} is after the game's current version {current}; resume from a version the stream sent, or omit it for a snapshot")]
    SinceAhead {
        given_by: &'static str,
        given: u64,
        current: i64,
    },
    #[error("{}", too_many_streams(.0))]
    TooManyStreams(Refused),
    #[error("the server is busy: too many requests are waiting for the database; nothing was done, retry in a second")]
    Overloaded,
    /// A tournament's transition refused.
    #[error(transparent)]
    Tournament(crate::tournaments::TournamentsError),
    #[error("an internal error occurred")]
    Internal(#[source] anyhow::Error),
}

fn too_many_streams(refused: &Refused) -> String {
    match refused {
        Refused::PerIp { max } => format!("this client IP holds {max} streams open, the most allowed; close one first"),
        Refused::Total { max } => format!("the server holds {max} streams open, the most it allows; retry later (another node may have room)"),
    }
}

fn looking_like(name: &str, resembles: &Option<String>) -> String {
    match resembles {
        Some(existing) if existing != name => {
            format!(": it looks like the existing name {existing:?}")
        }
        _ => String::new(),
    }
}

fn join_methods(methods: &[Method]) -> String {
    methods
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

impl ApiError {
    pub fn code(&self) -> ProblemCode {
        match self {
            ApiError::InvalidName(_) => ProblemCode::InvalidName,
            ApiError::NameTaken { .. } => ProblemCode::NameTaken,
            ApiError::Unauthorized(_) => ProblemCode::Unauthorized,
            ApiError::InsufficientScope(_) => ProblemCode::InsufficientScope,
            ApiError::InvalidScope(_) => ProblemCode::InvalidScope,
            ApiError::Fields(fields) => fields.first().code(),
            ApiError::PlayerNotFound(_) => ProblemCode::PlayerNotFound,
            ApiError::InvalidLabel(_) => ProblemCode::InvalidLabel,
            ApiError::TokenNotFound(_) => ProblemCode::TokenNotFound,
            ApiError::TooManyTokens { .. } => ProblemCode::TooManyTokens,
            ApiError::GameNotFound(_) => ProblemCode::GameNotFound,
            ApiError::Webhook(error) => webhook_code(error),
            ApiError::LeaderboardNotFound(_) => ProblemCode::LeaderboardNotFound,
            ApiError::NotOnLeaderboard(_) => ProblemCode::NotOnLeaderboard,
            ApiError::InvalidRules(_) => ProblemCode::InvalidRules,
            ApiError::InvalidPosition(_) => ProblemCode::InvalidPosition,
            ApiError::InvalidMove(_) => ProblemCode::InvalidMove,
            ApiError::IllegalMove(_) => ProblemCode::IllegalMove,
            ApiError::InvalidGame(_) => ProblemCode::InvalidGame,
            ApiError::InvalidDeclineReason(_) => ProblemCode::InvalidDeclineReason,
            ApiError::BotUpgradeRefused(_) => ProblemCode::BotUpgradeRefused,
            ApiError::Game(error) => code_of(error),
            ApiError::PreconditionFailed { .. } => ProblemCode::PreconditionFailed,
            ApiError::IdempotencyKeyReused(_) => ProblemCode::IdempotencyKeyReused,
            ApiError::InvalidHeader(_) => ProblemCode::InvalidHeader,
            ApiError::NotFound(_) => ProblemCode::NotFound,
            ApiError::MethodNotAllowed { .. } => ProblemCode::MethodNotAllowed,
            ApiError::MalformedJson(_) => ProblemCode::MalformedJson,
            ApiError::InvalidBody(_) => ProblemCode::InvalidBody,
            ApiError::UnsupportedMediaType(_) => ProblemCode::UnsupportedMediaType,
            ApiError::PayloadTooLarge { .. } => ProblemCode::PayloadTooLarge,
            ApiError::InvalidPathParameter(_) => ProblemCode::InvalidPathParameter,
            ApiError::InvalidQuery(_) => ProblemCode::InvalidQuery,
            ApiError::BadRequest(_) => ProblemCode::BadRequest,
            ApiError::RateLimited { .. } => ProblemCode::RateLimited,
            ApiError::TooManyRegistrations { .. } => ProblemCode::TooManyRegistrations,
            ApiError::DatabaseUnavailable(_) => ProblemCode::DatabaseUnavailable,
            ApiError::InvalidRecord(_) => ProblemCode::InvalidRecord,
            ApiError::InconsistentRecord(_) => ProblemCode::InconsistentRecord,
            ApiError::AnswerTooLarge(_) => ProblemCode::AnswerTooLarge,
            ApiError::InvalidSearch(_) => ProblemCode::InvalidSearch,
            ApiError::AnalysisBusy => ProblemCode::AnalysisBusy,
            ApiError::BotsBusy { .. } => ProblemCode::BotsBusy,
            ApiError::InvalidTicket => ProblemCode::InvalidTicket,
            ApiError::SinceAhead { .. } => ProblemCode::SinceAhead,
            ApiError::TooManyStreams(_) => ProblemCode::TooManyStreams,
            ApiError::Overloaded => ProblemCode::Overloaded,
            ApiError::Tournament(error) => tournament_code(error),
            ApiError::Internal(_) => ProblemCode::Internal,
        }
    }

    /// The code's status, or its other one ([`ProblemCode::also_status`]).
    pub fn status(&self) -> StatusCode {
        if let ApiError::Fields(fields) = self {
            return fields.first().status();
        }
        match (self, self.code().also_status()) {
            (ApiError::TooManyStreams(Refused::Total { .. }), Some(other)) => other,
            _ => self.code().status(),
        }
    }

    pub fn problem(&self) -> Problem {
        let mut problem = Problem::new(self.code(), self.status(), self.to_string());
        match self {
            ApiError::InsufficientScope(scope) => problem.scope = Some(*scope),
            ApiError::Fields(fields) => problem.errors = Some(fields.errors()),
            _ => {}
        }
        problem
    }
}

/// The one mapping of the Games layer's refusals to problems.
impl From<GamesError> for ApiError {
    fn from(error: GamesError) -> Self {
        match error {
            GamesError::UnknownCaller => ApiError::Unauthorized(AuthFailure::UnknownToken),
            GamesError::GameNotFound(id) => ApiError::GameNotFound(id.to_string()),
            GamesError::PreconditionFailed { given, current } => ApiError::PreconditionFailed {
                given,
                current: crate::api::protocol::conditional::etag(current),
            },
            GamesError::IllegalMove(detail) => ApiError::IllegalMove(detail),
            GamesError::InvalidGame(detail) => ApiError::InvalidGame(detail),
            GamesError::InvalidPosition(detail) => ApiError::InvalidPosition(detail),
            GamesError::Store(error) => error.into(),
            GamesError::Internal(error) => ApiError::Internal(error),
            GamesError::Hook(failed) => ApiError::Internal(failed.into()),
            refused => ApiError::Game(refused),
        }
    }
}

/// The problem code of a refusal that [`ApiError::Game`] carries as is.
fn code_of(error: &GamesError) -> ProblemCode {
    match error {
        GamesError::UnknownCaller => ProblemCode::Unauthorized,
        GamesError::GameNotFound(_) => ProblemCode::GameNotFound,
        GamesError::NotAPlayer(_) => ProblemCode::NotAPlayer,
        GamesError::NotGameCreator => ProblemCode::NotGameCreator,
        GamesError::NotChallenged => ProblemCode::NotChallenged,
        GamesError::GameNotOver(_) => ProblemCode::GameNotOver,
        GamesError::OfferPending(_) => ProblemCode::OfferPending,
        GamesError::NoOffer(_) => ProblemCode::NoOffer,
        GamesError::TakebackNotAllowed(_) => ProblemCode::TakebackNotAllowed,
        GamesError::NothingToTakeBack => ProblemCode::NothingToTakeBack,
        GamesError::RematchMade(_) => ProblemCode::RematchMade,
        GamesError::DrawNotAllowed => ProblemCode::DrawNotAllowed,
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
        GamesError::TooManyWaitingGames { .. } => ProblemCode::TooManyWaitingGames,
        GamesError::InvalidClock(_) => ProblemCode::InvalidClock,
        GamesError::TooManyBotGames { .. } => ProblemCode::TooManyBotGames,
        GamesError::Store(_) | GamesError::Internal(_) | GamesError::Hook(_) => {
            ProblemCode::Internal
        }
    }
}

/// The one mapping of the webhooks' refusals to problems.
impl From<crate::webhooks::WebhooksError> for ApiError {
    fn from(error: crate::webhooks::WebhooksError) -> Self {
        use crate::webhooks::WebhooksError;
        match error {
            WebhooksError::Store(error) => error.into(),
            WebhooksError::Hook(failed) => ApiError::Internal(failed.into()),
            refused => ApiError::Webhook(refused),
        }
    }
}

fn webhook_code(error: &crate::webhooks::WebhooksError) -> ProblemCode {
    use crate::webhooks::targets::Refusal;
    use crate::webhooks::WebhooksError;
    match error {
        WebhooksError::NotFound(_) => ProblemCode::WebhookNotFound,
        WebhooksError::DeliveryNotFound(_) => ProblemCode::WebhookDeliveryNotFound,
        WebhooksError::Invalid(_) | WebhooksError::TargetRefused(Refusal::Invalid(_)) => {
            ProblemCode::InvalidWebhook
        }
        WebhooksError::TargetRefused(_) => ProblemCode::WebhookTargetRefused,
        WebhooksError::TooMany { .. } => ProblemCode::TooManyWebhooks,
        WebhooksError::Store(_) | WebhooksError::Hook(_) => ProblemCode::Internal,
    }
}

/// The one mapping of the accounts' refusals to problems.
impl From<crate::tournaments::TournamentsError> for ApiError {
    fn from(error: crate::tournaments::TournamentsError) -> Self {
        use crate::tournaments::TournamentsError;
        match error {
            TournamentsError::Games(error) => error.into(),
            TournamentsError::Store(error) => error.into(),
            TournamentsError::Hook(failed) => ApiError::Internal(failed.into()),
            refused => ApiError::Tournament(refused),
        }
    }
}

fn tournament_code(error: &crate::tournaments::TournamentsError) -> ProblemCode {
    use crate::tournaments::TournamentsError;
    match error {
        TournamentsError::Invalid(_) => ProblemCode::InvalidTournament,
        TournamentsError::NotFound(_) => ProblemCode::TournamentNotFound,
        TournamentsError::NotCreator(_) => ProblemCode::NotTournamentCreator,
        TournamentsError::NotRegistering(_) => ProblemCode::TournamentNotRegistering,
        TournamentsError::Over(_) => ProblemCode::TournamentOver,
        TournamentsError::Full { .. } => ProblemCode::TournamentFull,
        TournamentsError::AlreadyEntered(_) => ProblemCode::AlreadyEntered,
        TournamentsError::NotEntered(_) => ProblemCode::NotEntered,
        TournamentsError::TooFewPlayers(_) => ProblemCode::TooFewPlayers,
        TournamentsError::Games(_) | TournamentsError::Store(_) | TournamentsError::Hook(_) => {
            ProblemCode::Internal
        }
    }
}

impl From<AccountsError> for ApiError {
    fn from(error: AccountsError) -> Self {
        match error {
            AccountsError::NameTaken { name, resembles } => ApiError::NameTaken { name, resembles },
            AccountsError::TooManyTokens { max } => ApiError::TooManyTokens { max },
            error @ AccountsError::TooManyRegistrations {
                retry_after_secs, ..
            } => ApiError::TooManyRegistrations {
                detail: error.to_string(),
                retry_after_secs,
            },
            AccountsError::TokenNotFound(id) => ApiError::TokenNotFound(id.to_string()),
            AccountsError::BotUpgradeRefused(detail) => ApiError::BotUpgradeRefused(detail),
            AccountsError::Store(error) => error.into(),
            AccountsError::Hook(failed) => ApiError::Internal(failed.into()),
        }
    }
}

impl From<PositionError> for ApiError {
    fn from(error: PositionError) -> Self {
        ApiError::InvalidPosition(format!("position: {error}"))
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        if error.is_unavailable() {
            ApiError::DatabaseUnavailable(error)
        } else {
            ApiError::Internal(error.into())
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(error) => tracing::error!(
                error = %echoed(&format!("{error:?}"), MAX_DETAIL_CHARS),
                "internal error"
            ),
            ApiError::DatabaseUnavailable(error) => {
                tracing::warn!(error = %error, "database unavailable")
            }
            _ => {}
        }
        let mut response = self.problem().to_response();
        let headers = response.headers_mut();
        match self {
            ApiError::Unauthorized(failure) => {
                let challenge = match failure {
                    AuthFailure::Missing => r#"Bearer realm="oanquan""#,
                    _ => r#"Bearer realm="oanquan", error="invalid_token""#,
                };
                headers.insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static(challenge),
                );
            }
            ApiError::InsufficientScope(scope) => {
                let challenge = format!(
                    r#"Bearer realm="oanquan", error="insufficient_scope", scope="{scope}""#
                );
                if let Ok(value) = HeaderValue::from_str(&challenge) {
                    headers.insert(header::WWW_AUTHENTICATE, value);
                }
            }
            ApiError::MethodNotAllowed { allow, .. } => {
                if let Ok(value) = HeaderValue::from_str(&join_methods(allow)) {
                    headers.insert(header::ALLOW, value);
                }
            }
            ApiError::RateLimited { retry_after_secs }
            | ApiError::BotsBusy { retry_after_secs }
            | ApiError::TooManyRegistrations {
                retry_after_secs, ..
            } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(*retry_after_secs));
            }
            ApiError::AnalysisBusy | ApiError::Overloaded | ApiError::DatabaseUnavailable(_) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(1));
            }
            ApiError::TooManyStreams(_) => {
                headers.insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(STREAM_RETRY_AFTER_SECS),
                );
            }
            _ => {}
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for code in ProblemCode::ALL {
            assert!(seen.insert(code.as_str()), "{} twice", code.as_str());
            assert_eq!(ProblemCode::from_code(code.as_str()), Some(*code));
            assert!(code.status().is_client_error() || code.status().is_server_error());
        }
    }
}
