"""Contains all the data models used in inputs/outputs"""

from .abort_reason import AbortReason
from .analysed_move import AnalysedMove
from .analysis_request import AnalysisRequest
from .analysis_response import AnalysisResponse
from .analysis_start import AnalysisStart
from .best_move_request import BestMoveRequest
from .best_move_response import BestMoveResponse
from .board_square import BoardSquare
from .bot_list import BotList
from .bot_record_view import BotRecordView
from .bot_view import BotView
from .capture_event import CaptureEvent
from .challenge_created_data import ChallengeCreatedData
from .challenge_created_webhook import ChallengeCreatedWebhook
from .challenge_list import ChallengeList
from .challenge_status import ChallengeStatus
from .challenge_view import ChallengeView
from .clock_view import ClockView
from .correspondence_clock import CorrespondenceClock
from .created_player import CreatedPlayer
from .created_token import CreatedToken
from .decline import Decline
from .decline_reason import DeclineReason
from .delivery_page import DeliveryPage
from .delivery_view import DeliveryView
from .disabled_webhook import DisabledWebhook
from .end_reason import EndReason
from .endgame_table_view import EndgameTableView
from .endgame_tables_view import EndgameTablesView
from .entrant_view import EntrantView
from .explorer_answer import ExplorerAnswer
from .explorer_game import ExplorerGame
from .explorer_move import ExplorerMove
from .field_error import FieldError
from .forfeit_event import ForfeitEvent
from .game_aborted_data import GameAbortedData
from .game_aborted_event import GameAbortedEvent
from .game_aborted_webhook import GameAbortedWebhook
from .game_cancelled_event import GameCancelledEvent
from .game_declined_event import GameDeclinedEvent
from .game_end_event import GameEndEvent
from .game_ended_data import GameEndedData
from .game_ended_event import GameEndedEvent
from .game_ended_webhook import GameEndedWebhook
from .game_expired_event import GameExpiredEvent
from .game_joined_event import GameJoinedEvent
from .game_move_data import GameMoveData
from .game_move_event import GameMoveEvent
from .game_move_webhook import GameMoveWebhook
from .game_offer_event import GameOfferEvent
from .game_page import GamePage
from .game_position import GamePosition
from .game_record import GameRecord
from .game_record_input import GameRecordInput
from .game_snapshot_event import GameSnapshotEvent
from .game_started_data import GameStartedData
from .game_started_webhook import GameStartedWebhook
from .game_status import GameStatus
from .game_taken_back_event import GameTakenBackEvent
from .game_view import GameView
from .health_status import HealthStatus
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_page import LeaderboardPage
from .lift_event import LiftEvent
from .lobby_cancelled_event import LobbyCancelledEvent
from .lobby_created_event import LobbyCreatedEvent
from .lobby_expired_event import LobbyExpiredEvent
from .lobby_joined_event import LobbyJoinedEvent
from .lobby_snapshot_event import LobbySnapshotEvent
from .mandarin_setup_name import MandarinSetupName
from .me_challenge_event import MeChallengeEvent
from .me_challenge_update_event import MeChallengeUpdateEvent
from .me_game_ended_event import MeGameEndedEvent
from .me_game_entry import MeGameEntry
from .me_game_started_event import MeGameStartedEvent
from .me_snapshot_event import MeSnapshotEvent
from .me_webhook_disabled_event import MeWebhookDisabledEvent
from .me_your_turn_event import MeYourTurnEvent
from .move_input import MoveInput
from .move_range import MoveRange
from .move_value_view import MoveValueView
from .move_view import MoveView
from .new_challenge import NewChallenge
from .new_game import NewGame
from .new_player import NewPlayer
from .new_token import NewToken
from .new_tournament_body import NewTournamentBody
from .new_webhook import NewWebhook
from .offers_view import OffersView
from .pairing_view import PairingView
from .ping_data import PingData
from .ping_webhook import PingWebhook
from .played_move import PlayedMove
from .player_list import PlayerList
from .player_name_input import PlayerNameInput
from .player_profile import PlayerProfile
from .player_summary import PlayerSummary
from .position_view import PositionView
from .preset_name import PresetName
from .preset_rating_view import PresetRatingView
from .problem import Problem
from .problem_code import ProblemCode
from .problem_type import ProblemType
from .rating_change_view import RatingChangeView
from .rating_history_page import RatingHistoryPage
from .ratings_view import RatingsView
from .real_time_clock import RealTimeClock
from .record_format import RecordFormat
from .record_move_input import RecordMoveInput
from .record_move_view import RecordMoveView
from .record_view import RecordView
from .refill_event import RefillEvent
from .refill_shortfall_name import RefillShortfallName
from .relay_event import RelayEvent
from .result_name import ResultName
from .result_view import ResultView
from .rules_input import RulesInput
from .rules_view import RulesView
from .scope import Scope
from .scores_view import ScoresView
from .seat_choice import SeatChoice
from .seat_name import SeatName
from .seat_players import SeatPlayers
from .seat_players_input import SeatPlayersInput
from .sow_event import SowEvent
from .standing_view import StandingView
from .store_view import StoreView
from .stores_view import StoresView
from .streak_view import StreakView
from .stream_ticket_view import StreamTicketView
from .sweep_view import SweepView
from .tiebreaks_view import TiebreaksView
from .token_list import TokenList
from .token_view import TokenView
from .tournament_clock import TournamentClock
from .tournament_finished_event import TournamentFinishedEvent
from .tournament_game_ended_event import TournamentGameEndedEvent
from .tournament_game_view import TournamentGameView
from .tournament_games import TournamentGames
from .tournament_page import TournamentPage
from .tournament_pairing_event import TournamentPairingEvent
from .tournament_player import TournamentPlayer
from .tournament_ref import TournamentRef
from .tournament_rules import TournamentRules
from .tournament_snapshot_event import TournamentSnapshotEvent
from .tournament_standings_event import TournamentStandingsEvent
from .tournament_summary import TournamentSummary
from .tournament_view import TournamentView
from .turn_end_event import TurnEndEvent
from .turn_end_reason import TurnEndReason
from .unrated_reason import UnratedReason
from .value_source import ValueSource
from .versus_view import VersusView
from .webhook_change import WebhookChange
from .webhook_list import WebhookList
from .webhook_player import WebhookPlayer
from .webhook_result import WebhookResult
from .webhook_scores import WebhookScores
from .webhook_view import WebhookView
from .webhook_with_secret import WebhookWithSecret
from .winner import Winner

__all__ = (
    "AbortReason",
    "AnalysedMove",
    "AnalysisRequest",
    "AnalysisResponse",
    "AnalysisStart",
    "BestMoveRequest",
    "BestMoveResponse",
    "BoardSquare",
    "BotList",
    "BotRecordView",
    "BotView",
    "CaptureEvent",
    "ChallengeCreatedData",
    "ChallengeCreatedWebhook",
    "ChallengeList",
    "ChallengeStatus",
    "ChallengeView",
    "ClockView",
    "CorrespondenceClock",
    "CreatedPlayer",
    "CreatedToken",
    "Decline",
    "DeclineReason",
    "DeliveryPage",
    "DeliveryView",
    "DisabledWebhook",
    "EndgameTablesView",
    "EndgameTableView",
    "EndReason",
    "EntrantView",
    "ExplorerAnswer",
    "ExplorerGame",
    "ExplorerMove",
    "FieldError",
    "ForfeitEvent",
    "GameAbortedData",
    "GameAbortedEvent",
    "GameAbortedWebhook",
    "GameCancelledEvent",
    "GameDeclinedEvent",
    "GameEndedData",
    "GameEndedEvent",
    "GameEndedWebhook",
    "GameEndEvent",
    "GameExpiredEvent",
    "GameJoinedEvent",
    "GameMoveData",
    "GameMoveEvent",
    "GameMoveWebhook",
    "GameOfferEvent",
    "GamePage",
    "GamePosition",
    "GameRecord",
    "GameRecordInput",
    "GameSnapshotEvent",
    "GameStartedData",
    "GameStartedWebhook",
    "GameStatus",
    "GameTakenBackEvent",
    "GameView",
    "HealthStatus",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LiftEvent",
    "LobbyCancelledEvent",
    "LobbyCreatedEvent",
    "LobbyExpiredEvent",
    "LobbyJoinedEvent",
    "LobbySnapshotEvent",
    "MandarinSetupName",
    "MeChallengeEvent",
    "MeChallengeUpdateEvent",
    "MeGameEndedEvent",
    "MeGameEntry",
    "MeGameStartedEvent",
    "MeSnapshotEvent",
    "MeWebhookDisabledEvent",
    "MeYourTurnEvent",
    "MoveInput",
    "MoveRange",
    "MoveValueView",
    "MoveView",
    "NewChallenge",
    "NewGame",
    "NewPlayer",
    "NewToken",
    "NewTournamentBody",
    "NewWebhook",
    "OffersView",
    "PairingView",
    "PingData",
    "PingWebhook",
    "PlayedMove",
    "PlayerList",
    "PlayerNameInput",
    "PlayerProfile",
    "PlayerSummary",
    "PositionView",
    "PresetName",
    "PresetRatingView",
    "Problem",
    "ProblemCode",
    "ProblemType",
    "RatingChangeView",
    "RatingHistoryPage",
    "RatingsView",
    "RealTimeClock",
    "RecordFormat",
    "RecordMoveInput",
    "RecordMoveView",
    "RecordView",
    "RefillEvent",
    "RefillShortfallName",
    "RelayEvent",
    "ResultName",
    "ResultView",
    "RulesInput",
    "RulesView",
    "Scope",
    "ScoresView",
    "SeatChoice",
    "SeatName",
    "SeatPlayers",
    "SeatPlayersInput",
    "SowEvent",
    "StandingView",
    "StoresView",
    "StoreView",
    "StreakView",
    "StreamTicketView",
    "SweepView",
    "TiebreaksView",
    "TokenList",
    "TokenView",
    "TournamentClock",
    "TournamentFinishedEvent",
    "TournamentGameEndedEvent",
    "TournamentGames",
    "TournamentGameView",
    "TournamentPage",
    "TournamentPairingEvent",
    "TournamentPlayer",
    "TournamentRef",
    "TournamentRules",
    "TournamentSnapshotEvent",
    "TournamentStandingsEvent",
    "TournamentSummary",
    "TournamentView",
    "TurnEndEvent",
    "TurnEndReason",
    "UnratedReason",
    "ValueSource",
    "VersusView",
    "WebhookChange",
    "WebhookList",
    "WebhookPlayer",
    "WebhookResult",
    "WebhookScores",
    "WebhookView",
    "WebhookWithSecret",
    "Winner",
)
