package org.scopa.app.controller

import org.scopa.engine.AceRule
import org.scopa.engine.AiLevel
import org.scopa.engine.Card
import org.scopa.engine.DealKind
import org.scopa.engine.GameEvent
import org.scopa.engine.HintReason
import org.scopa.engine.Move
import org.scopa.engine.PrimieraRule
import org.scopa.engine.ScopaException
import org.scopa.engine.Suit

/** The words the UI shows (English; plain functions so both the UI and the tests use them). */
object Texts {
    fun suit(s: Suit): String = when (s) {
        Suit.DENARI -> "coins"
        Suit.COPPE -> "cups"
        Suit.SPADE -> "swords"
        Suit.BASTONI -> "clubs"
    }

    fun value(v: UInt): String = when (v.toInt()) {
        1 -> "Ace"
        8 -> "Jack"
        9 -> "Knight"
        10 -> "King"
        else -> v.toString()
    }

    /** "7 of coins", "King of clubs". */
    fun card(c: Card): String = "${value(c.value)} of ${suit(c.suit)}"

    fun cards(cs: List<Card>): String = cs.joinToString(", ") { card(it) }

    /** "7 of coins takes 7 of cups" / "5 of swords on the table". */
    fun move(m: Move): String =
        if (m.capture.isEmpty()) "${card(m.card)} on the table" else "${card(m.card)} takes ${cards(m.capture)}"

    fun seat(seat: UInt, human: UInt): String = if (seat == human) "You" else "Player ${seat.toInt() + 1}"

    fun side(side: Int, players: Int): String = when {
        players == 4 -> if (side == 0) "Your team" else "Opponents"
        side == 0 -> "You"
        else -> "Player ${side + 1}"
    }

    fun hintReason(r: HintReason): String = when (r) {
        HintReason.ONLY_MOVE -> "it is your only move"
        HintReason.SCOPA -> "it sweeps the table (scopa)"
        HintReason.TAKES_SETTEBELLO -> "it takes the settebello"
        HintReason.TAKES_SEVENS -> "it takes sevens (primiera)"
        HintReason.TAKES_COINS -> "it takes coins"
        HintReason.TAKES_MOST_CARDS -> "it takes the most cards"
        HintReason.AVOIDS_SWEEP -> "it leaves no sweep to the next player"
        HintReason.SAFEST_DISCARD -> "it is the safest card to lay down"
        HintReason.BEST_ON_AVERAGE -> "it does best on average"
    }

    fun aiLevel(l: AiLevel): String = when (l) {
        AiLevel.RANDOM -> "Random"
        AiLevel.EASY -> "Easy"
        AiLevel.MEDIUM -> "Medium"
        AiLevel.EXPERT -> "Expert"
        AiLevel.HANDHELD -> "Handheld"
    }

    fun deal(d: DealKind): String = when (d) {
        DealKind.STANDARD -> "Standard (3 cards at a time)"
        DealKind.SCOPONE -> "Scopone (9 each, 4 on the table)"
        DealKind.SCOPONE_SCIENTIFICO -> "Scopone scientifico (10 each)"
    }

    fun primiera(p: PrimieraRule): String = when (p) {
        PrimieraRule.CLASSIC -> "Classic (all four suits needed)"
        PrimieraRule.LENIENT -> "Lenient (missing suits count 0)"
        PrimieraRule.MOST_SEVENS -> "Most sevens"
    }

    fun ace(a: AceRule): String = when (a) {
        AceRule.PLAIN -> "Plain (Ace = 1)"
        AceRule.TAKES_ALL -> "Asso piglia tutto"
        AceRule.MATCH_TAKES_ALL -> "Scopa d'assi"
    }

    /** One line per event, for the animation captions and the accessibility announcements. */
    fun event(e: GameEvent, human: UInt, players: Int): String = when (e) {
        is GameEvent.Played -> "${seat(e.seat, human)}: ${move(e.move)}"
        is GameEvent.Scopa -> "Scopa! ${seat(e.seat, human)} swept the table"
        is GameEvent.Dealt -> "New cards dealt (${e.deckLeft} left in the deck)"
        is GameEvent.TableCollected ->
            "${side(e.side.toInt(), players)} collect the last cards: ${cards(e.cards)}"
        is GameEvent.HandFinished -> "Hand over"
        is GameEvent.MatchFinished -> "${side(e.winner.toInt(), players)} won the match"
        is GameEvent.NewHand -> "Hand ${e.number.toInt() + 1}, dealer: ${seat(e.dealer, human)}"
    }

    /** What the player reads when the engine refuses an action. */
    fun error(e: ScopaException): String = when (e) {
        is ScopaException.NotYourTurn -> "Wait: it is not your turn. (${e.message})"
        is ScopaException.CardNotInHand -> "That card is not in your hand. (${e.message})"
        is ScopaException.IllegalCapture -> "That capture is not allowed: ${e.message}"
        is ScopaException.InvalidCard -> "That is not a valid card: ${e.message}"
        is ScopaException.MatchOver -> "The match is over. Start a new one from the settings."
        is ScopaException.InvalidConfig -> "These settings cannot be played: ${e.message}"
        is ScopaException.NoSuchSeat -> "There is no such seat: ${e.message}"
        is ScopaException.NotAiSeat -> "That seat is not played by the computer: ${e.message}"
        is ScopaException.CorruptSave -> "The saved match could not be read: ${e.message}"
        is ScopaException.Internal -> "The game engine failed: ${e.message}. Your match is saved up to the last play."
    }
}
