import ScopaEngine

/// The words the UI shows (English; plain functions so both the UI and the tests use them).
public enum Texts {
    public static func suit(_ s: Suit) -> String {
        switch s {
        case .denari: return "coins"
        case .coppe: return "cups"
        case .spade: return "swords"
        case .bastoni: return "clubs"
        }
    }

    public static func value(_ v: UInt32) -> String {
        switch v {
        case 1: return "Ace"
        case 8: return "Jack"
        case 9: return "Knight"
        case 10: return "King"
        default: return String(v)
        }
    }

    /// "7 of coins", "King of clubs".
    public static func card(_ c: Card) -> String { "\(value(c.value)) of \(suit(c.suit))" }

    public static func cards(_ cs: [Card]) -> String { cs.map(card).joined(separator: ", ") }

    /// "7 of coins takes 7 of cups" / "5 of swords on the table".
    public static func move(_ m: Move) -> String {
        m.capture.isEmpty ? "\(card(m.card)) on the table" : "\(card(m.card)) takes \(cards(m.capture))"
    }

    public static func seat(_ seat: UInt32, human: UInt32) -> String {
        seat == human ? "You" : "Player \(seat + 1)"
    }

    public static func side(_ side: Int, players: Int) -> String {
        if players == 4 { return side == 0 ? "Your team" : "Opponents" }
        return side == 0 ? "You" : "Player \(side + 1)"
    }

    public static func hintReason(_ r: HintReason) -> String {
        switch r {
        case .onlyMove: return "it is your only move"
        case .scopa: return "it sweeps the table (scopa)"
        case .takesSettebello: return "it takes the settebello"
        case .takesSevens: return "it takes sevens (primiera)"
        case .takesCoins: return "it takes coins"
        case .takesMostCards: return "it takes the most cards"
        case .avoidsSweep: return "it leaves no sweep to the next player"
        case .safestDiscard: return "it is the safest card to lay down"
        case .bestOnAverage: return "it does best on average"
        }
    }

    public static func aiLevel(_ l: AiLevel) -> String {
        switch l {
        case .random: return "Random"
        case .easy: return "Easy"
        case .medium: return "Medium"
        case .expert: return "Expert"
        case .handheld: return "Handheld"
        }
    }

    public static func deal(_ d: DealKind) -> String {
        switch d {
        case .standard: return "Standard (3 cards at a time)"
        case .scopone: return "Scopone (9 each, 4 on the table)"
        case .scoponeScientifico: return "Scopone scientifico (10 each)"
        }
    }

    public static func primiera(_ p: PrimieraRule) -> String {
        switch p {
        case .classic: return "Classic (all four suits needed)"
        case .lenient: return "Lenient (missing suits count 0)"
        case .mostSevens: return "Most sevens"
        }
    }

    public static func ace(_ a: AceRule) -> String {
        switch a {
        case .plain: return "Plain (Ace = 1)"
        case .takesAll: return "Asso piglia tutto"
        case .matchTakesAll: return "Scopa d'assi"
        }
    }

    /// One line per event, for the animation captions and accessibility announcements.
    public static func event(_ e: GameEvent, human: UInt32, players: Int) -> String {
        switch e {
        case let .played(seat, move): return "\(Texts.seat(seat, human: human)): \(Texts.move(move))"
        case let .scopa(seat, _): return "Scopa! \(Texts.seat(seat, human: human)) swept the table"
        case let .dealt(_, deckLeft): return "New cards dealt (\(deckLeft) left in the deck)"
        case let .tableCollected(side, cards):
            return "\(Texts.side(Int(side), players: players)) collect the last cards: \(Texts.cards(cards))"
        case .handFinished: return "Hand over"
        case let .matchFinished(winner, _): return "\(Texts.side(Int(winner), players: players)) won the match"
        case let .newHand(number, dealer):
            return "Hand \(number + 1), dealer: \(Texts.seat(dealer, human: human))"
        }
    }

    /// What the player reads when the engine refuses an action (or fails).
    public static func error(_ e: Error) -> String {
        guard let e = e as? ScopaError else {
            return "The game engine failed: \(e). Your match is saved up to the last play."
        }
        switch e {
        case let .NotYourTurn(m): return "Wait: it is not your turn. (\(m))"
        case let .CardNotInHand(m): return "That card is not in your hand. (\(m))"
        case let .IllegalCapture(m): return "That capture is not allowed: \(m)"
        case let .InvalidCard(m): return "That is not a valid card: \(m)"
        case .MatchOver: return "The match is over. Start a new one from the settings."
        case let .InvalidConfig(m): return "These settings cannot be played: \(m)"
        case let .NoSuchSeat(m): return "There is no such seat: \(m)"
        case let .NotAiSeat(m): return "That seat is not played by the computer: \(m)"
        case let .CorruptSave(m): return "The saved match could not be read: \(m)"
        case let .Internal(m): return "The game engine failed: \(m). Your match is saved up to the last play."
        }
    }
}
