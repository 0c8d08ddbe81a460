import ScopaEngine

/// What the settings screen edits: the number of players (2, 3, or 4 in two teams), every
/// rules option of RULES.md, the level of the AI opponents and the target score.
///
/// The human always sits at seat `Settings.humanSeat` (0); every other seat is an AI of
/// `aiLevel`. With 4 players the human's partner (seat 2) is an AI too.
public struct Settings: Equatable, Hashable {
    public var players: Int
    public var deal: DealKind
    public var target: Int
    public var primiera: PrimieraRule
    public var ace: AceRule
    public var napola: Bool
    public var reBello: Bool
    public var kingsRedeal: Bool
    public var aiLevel: AiLevel

    public static let humanSeat = 0
    public static let playerCounts = [2, 3, 4]
    public static let targets = [11, 16, 21, 31]
    public static let allDeals: [DealKind] = [.standard, .scopone, .scoponeScientifico]
    public static let allPrimiera: [PrimieraRule] = [.classic, .lenient, .mostSevens]
    public static let allAces: [AceRule] = [.plain, .takesAll, .matchTakesAll]
    public static let allAiLevels: [AiLevel] = [.random, .easy, .medium, .expert, .handheld]

    public init(
        players: Int = 2, deal: DealKind = .standard, target: Int = 11,
        primiera: PrimieraRule = .classic, ace: AceRule = .plain, napola: Bool = false,
        reBello: Bool = false, kingsRedeal: Bool = true, aiLevel: AiLevel = .medium
    ) {
        self.players = players
        self.deal = deal
        self.target = target
        self.primiera = primiera
        self.ace = ace
        self.napola = napola
        self.reBello = reBello
        self.kingsRedeal = kingsRedeal
        self.aiLevel = aiLevel
    }

    /// The engine configuration: seat 0 human, every other seat the chosen AI level.
    public func toConfig() -> GameConfig {
        let n = max(players, 0)
        return GameConfig(
            rules: RulesConfig(
                players: UInt32(n), deal: deal, target: UInt32(max(target, 0)),
                primiera: primiera, ace: ace, napola: napola, reBello: reBello,
                kingsRedeal: kingsRedeal),
            aiLevels: (0..<n).map { $0 == Settings.humanSeat ? nil : aiLevel },
            firstDealer: nil)
    }

    /// The deals the settings screen offers for this number of players.
    public var availableDeals: [DealKind] { Settings.deals(for: players) }

    public static func deals(for players: Int) -> [DealKind] {
        players == 4 ? allDeals : [.standard]
    }

    /// The settings of an existing match (the first AI seat's level stands for all).
    public init(config: GameConfig) {
        let r = config.rules
        self.init(
            players: Int(r.players), deal: r.deal, target: Int(r.target), primiera: r.primiera,
            ace: r.ace, napola: r.napola, reBello: r.reBello, kingsRedeal: r.kingsRedeal,
            aiLevel: config.aiLevels.compactMap { $0 }.first ?? .medium)
    }

    /// RULES.md defaults as the engine reports them.
    public init(engineDefaults r: RulesConfig, aiLevel: AiLevel = .medium) {
        self.init(
            players: Int(r.players), deal: r.deal, target: Int(r.target), primiera: r.primiera,
            ace: r.ace, napola: r.napola, reBello: r.reBello, kingsRedeal: r.kingsRedeal,
            aiLevel: aiLevel)
    }
}
