import ScopaEngine

/// The screen the UI shows; on the table, the `Frame` says the rest.
public enum Screen: Equatable {
    case settings
    case table
}

/// Everything the UI draws, published after every change: the engine's `frame` (the table,
/// its texts, choices, buttons, banner, events, refusal and save error), plus the screen,
/// the settings being edited and the last `message` (a save that could not be restored,
/// settings that cannot be played).
public struct UiState: Equatable {
    public var screen: Screen
    /// What the settings screen edits (`maxSeats()` seats, 8; the first `rules.players` are used).
    public var settings: SessionSettings
    /// Why `settings` cannot be played, in the system language (nil: they can).
    public var settingsError: String?
    /// The fixed words in the system language.
    public var texts: UiTexts
    /// The table (nil before the first match).
    public var frame: Frame?
    public var message: String?

    public init(screen: Screen, settings: SessionSettings, texts: UiTexts) {
        self.screen = screen
        self.settings = settings
        self.texts = texts
    }

    /// A match is in progress (the settings screen offers to resume it).
    public var canResume: Bool { frame.map { !$0.over } ?? false }
}

extension SessionSettings {
    /// The same settings for `players` players: new seats are the computer at the current level.
    public func withPlayers(_ players: Int) -> SessionSettings {
        var s = self
        let used = Int(rules.players)
        s.rules.players = UInt32(players)
        s.seats = (0..<Int(maxSeats())).map { i in i < used ? (i < seats.count ? seats[i] : nil) : (i < players ? aiLevel : nil) }
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
