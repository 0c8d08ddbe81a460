import ScopaEngine

/// The screen the UI shows.
public enum Screen: Equatable {
    /// Choosing players, rules, AI level and target before a match.
    case settings
    /// The match: table, hand, scores; the human plays when it is their turn.
    case playing
    /// The selected card has several captures: the player picks one of `captureOptions`.
    case choosingCapture
    /// A hand ended: its breakdown (`handBreakdown`) until the player continues.
    case handSummary
    /// The match ended: `winnerSide` and `finalScores`.
    case matchOver
}

/// A hint for the human: the move, and a sentence saying what it does and why.
public struct HintInfo: Equatable {
    public let move: Move
    public let text: String
    public let hint: Hint
}

/// Everything the UI draws. A value: the controller publishes a new one on every change.
///
/// `events` are the engine's events not yet animated, oldest first; the UI animates them in
/// order and calls `GameController.eventsShown(_:)` with how many it has shown.
public struct UiState: Equatable {
    public var screen: Screen
    public var settings: Settings
    /// The human seat's view of the match (nil before the first match).
    public var view: GameView?
    public var selectedCard: Card?
    public var captureOptions: [Move] = []
    public var events: [GameEvent] = []
    /// The last thing that went wrong, in words for the player (nil: nothing to report).
    public var message: String?
    public var hint: HintInfo?
    /// An AI play is scheduled (the UI may show who is thinking).
    public var aiPending = false
    public var handBreakdown: HandBreakdown?
    public var winnerSide: Int?
    public var finalScores: [Int] = []

    public init(screen: Screen, settings: Settings, view: GameView? = nil, message: String? = nil) {
        self.screen = screen
        self.settings = settings
        self.view = view
        self.message = message
    }

    /// The human may select a card now.
    public var canPlay: Bool {
        (screen == .playing || screen == .choosingCapture) && (view?.isMyTurn ?? false)
    }
}
