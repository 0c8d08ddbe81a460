import ScopaEngine

/// The screen the UI shows; on the table, the session's `Phase` says the rest.
public enum Screen: Equatable {
    case settings
    case table
}

/// An event of the session not yet animated, with its caption in the session's language.
public struct ShownEvent: Equatable {
    public let event: SessionEvent
    public let text: String
}

/// Everything the UI draws, published after every change. The game itself is the session's
/// (`table` with its prompt, `summary`, `names`, `captureOptions`); the controller adds the
/// screen, the settings being edited, the queue of `events` to animate and the last
/// `message`.
public struct UiState: Equatable {
    public var screen: Screen
    /// What the settings screen edits (4 seats; the first `rules.players` are used).
    public var settings: SessionSettings
    /// Why `settings` cannot be played, in the system language (nil: they can).
    public var settingsError: String?
    /// The fixed words in the system language.
    public var texts: UiTexts
    /// The session's compact state (nil before the first match).
    public var table: TableState?
    public var names: SessionNames?
    /// In `.chooseCapture`, the captures to choose from (card sets).
    public var captureOptions: [UInt64] = []
    /// The last finished hand, shown on `.handSummary` and `.matchOver`.
    public var summary: HandSummary?
    /// Events not yet animated, oldest first; acknowledge with `GameController.eventsShown`.
    public var events: [ShownEvent] = []
    public var hint: SessionHint?
    /// The last thing that went wrong, in words for the player (nil: nothing to report).
    public var message: String?

    public init(screen: Screen, settings: SessionSettings, texts: UiTexts) {
        self.screen = screen
        self.settings = settings
        self.texts = texts
    }

    public var phase: Phase? { table?.phase }

    /// What the session waits for, as a sentence.
    public var prompt: String { table?.prompt ?? "" }

    /// A person may choose a card (or a capture) now.
    public var canPlay: Bool {
        switch phase {
        case .play, .chooseCapture: return true
        default: return false
        }
    }

    /// A match is in progress (the settings screen offers to resume it).
    public var canResume: Bool {
        guard table != nil else { return false }
        if case .matchOver = phase { return false }
        return true
    }
}

/// The cards of a set (bit i = card i, as the session gives them), in canonical order.
public func cardsOf(_ mask: UInt64) -> [UInt8] {
    (0..<40).filter { mask & (1 << UInt64($0)) != 0 }.map { UInt8($0) }
}

/// The set holding `card`.
public func maskOf(_ card: UInt8) -> UInt64 { 1 << UInt64(card) }

extension SessionSettings {
    /// The same settings for `players` players: new seats are the computer at the current level.
    public func withPlayers(_ players: Int) -> SessionSettings {
        var s = self
        let used = Int(rules.players)
        s.rules.players = UInt32(players)
        s.seats = (0..<4).map { i in i < used ? (i < seats.count ? seats[i] : nil) : (i < players ? aiLevel : nil) }
        return s
    }

    /// The same settings with `seat` played by a person (nil) or the computer at `level`.
    public func withSeat(_ seat: Int, _ level: AiLevel?) -> SessionSettings {
        var s = self
        s.seats[seat] = level
        return s
    }

    /// The same settings with every computer seat at `level`.
    public func withAiLevel(_ level: AiLevel) -> SessionSettings {
        var s = self
        s.seats = seats.map { $0.map { _ in level } }
        return s
    }

    /// The level of the computer seats (the first one's; expert if none).
    public var aiLevel: AiLevel { seats.compactMap { $0 }.first ?? .expert }
}
