// The shapes the page works with: the generated API types (api.d.ts, from
// openapi/openapi.json), plus the shapes agreed for the
// API still being built (clocks and abort: issue 10; streams: issue 11;
// bots: issue 12). Each addition is optional, so the page runs against
// today's server; when a shape lands in the spec, delete it here and use
// the generated one.
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
export type PresetRatingView = Schemas["PresetRatingView"];
export type RatingHistoryPage = Schemas["RatingHistoryPage"];
export type RatingChangeView = Schemas["RatingChangeView"];
export type LeaderboardPage = Schemas["LeaderboardPage"];
export type LeaderboardEntry = Schemas["LeaderboardEntry"];
export type VersusView = Schemas["VersusView"];
export type Problem = Schemas["Problem"];

/** Players carry `bot` wherever shown (issue 12). */
export type PlayerSummary = Schemas["PlayerSummary"];

/** Issue 10: the game's clock, as of its last change. */
export type ClockView = Schemas["ClockView"];

/** Issue 10: `POST /v1/games` `clock`, and the game's `time_control`. */
export type TimeControl = Schemas["TimeControlView"];

export type GameStatus = "waiting" | "active" | "finished" | "cancelled" | "archived" | "aborted" | "expired";

export type GameView = Schemas["GameView"];

export type GamePage = Schemas["GamePage"];

export type NewGame = Schemas["NewGame"];

/** `GET /v1/bots` (issue 12). */
export type Bot = Schemas["BotView"];

/** Issue 11: `GET /v1/games/{id}/stream` messages. */
export type GameStreamMessage =
  | { type: "snapshot"; version: number; game: GameView }
  | { type: "joined"; version: number; seat: SeatName; player: PlayerSummary; status: string; started_at?: string; clock?: ClockView | null }
  | {
      type: "move";
      version: number;
      move: MoveView;
      ply: number;
      to_move: SeatName;
      scores: ScoresView;
      clock?: ClockView | null;
      legal_moves: string[];
    }
  | { type: "ended"; version: number; status: string; result: ResultView; clock?: ClockView | null }
  | { type: "aborted"; version: number; reason: string }
  | { type: "expired"; version: number }
  | { type: "cancelled"; version: number };

/** Issue 11: `GET /v1/lobby/stream` messages. */
export type LobbyStreamMessage =
  | { type: "snapshot"; games: GameView[] }
  | { type: "created"; game: GameView }
  | { type: "joined"; id: string }
  | { type: "cancelled"; id: string }
  | { type: "expired"; id: string };
