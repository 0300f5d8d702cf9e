// The shapes the page works with, each named after its schema in the
// generated API types (clients/typescript/src/api.d.ts, from
// openapi/openapi.json): nothing here is written by hand.
import type { components } from "../../clients/typescript/src/api";

type Schemas = components["schemas"];

export type SeatName = Schemas["SeatName"];
export type PositionView = Schemas["PositionView"];
export type BoardSquare = Schemas["BoardSquare"];
export type MoveView = Schemas["MoveView"];
export type EventView = Schemas["EventView"];
export type ResultView = Schemas["ResultView"];
export type RulesView = Schemas["RulesView"];
export type RulesInput = Schemas["RulesInput"];
export type PresetName = Schemas["PresetName"];
export type ScoresView = Schemas["ScoresView"];
export type GamePosition = Schemas["GamePosition"];
export type MoveRange = Schemas["MoveRange"];
export type PlayedMove = Schemas["PlayedMove"];
export type CreatedPlayer = Schemas["CreatedPlayer"];
export type PlayerProfile = Schemas["PlayerProfile"];
/** `GET /v1/players?name=`. */
export type PlayerList = Schemas["PlayerList"];
export type PresetRatingView = Schemas["PresetRatingView"];
export type RatingHistoryPage = Schemas["RatingHistoryPage"];
export type RatingChangeView = Schemas["RatingChangeView"];
export type LeaderboardPage = Schemas["LeaderboardPage"];
export type LeaderboardEntry = Schemas["LeaderboardEntry"];
export type VersusView = Schemas["VersusView"];
export type Problem = Schemas["Problem"];

/** Players carry `bot` wherever shown. */
export type PlayerSummary = Schemas["PlayerSummary"];

/** Issue 10: the game's clock, as of its last change. */
export type ClockView = Schemas["ClockView"];

/** Issue 10: `POST /v1/games` `clock`, and the game's `time_control`. */
export type TimeControl = Schemas["TimeControlView"];

export type GameStatus = Schemas["GameStatus"];

export type GameView = Schemas["GameView"];

export type GamePage = Schemas["GamePage"];

export type NewGame = Schemas["NewGame"];

/** `GET /v1/bots`. */
export type Bot = Schemas["BotView"];

/** `GET /v1/games/{id}/stream` messages. */
export type GameStreamMessage = Schemas["GameStreamEvent"];

/** `GET /v1/lobby/stream` messages. */
export type LobbyStreamMessage = Schemas["LobbyStreamEvent"];

/** `GET /v1/explorer`. */
export type ExplorerAnswer = Schemas["ExplorerAnswer"];
export type ExplorerMove = Schemas["ExplorerMove"];
export type ExplorerGame = Schemas["ExplorerGame"];

/** `POST /v1/analysis/play`. */
export type AnalysisResponse = Schemas["AnalysisResponse"];
/** `GET /v1/tournaments/{id}`. */
export type TournamentView = Schemas["TournamentView"];

/** `GET /v1/tournaments`. */
export type TournamentPage = Schemas["TournamentPage"];
export type TournamentSummary = Schemas["TournamentSummary"];
export type PairingView = Schemas["PairingView"];
export type StandingView = Schemas["StandingView"];

/** `POST /v1/tournaments`. */
export type NewTournament = Schemas["NewTournamentBody"];

/** `GET /v1/tournaments/{id}/stream` messages. */
export type TournamentStreamMessage = Schemas["TournamentStreamEvent"];
