package org.scopa.app.controller

import org.scopa.engine.AceRule
import org.scopa.engine.AiLevel
import org.scopa.engine.DealKind
import org.scopa.engine.GameConfig
import org.scopa.engine.PrimieraRule
import org.scopa.engine.RulesConfig

/**
 * What the settings screen edits: the number of players (2, 3, or 4 in two teams), every
 * rules option of RULES.md, the level of the AI opponents and the target score.
 *
 * The human always sits at seat [HUMAN_SEAT] (0); every other seat is an AI of [aiLevel].
 * With 4 players the human's partner (seat 2) is an AI too.
 */
data class Settings(
    val players: Int = 2,
    val deal: DealKind = DealKind.STANDARD,
    val target: Int = 11,
    val primiera: PrimieraRule = PrimieraRule.CLASSIC,
    val ace: AceRule = AceRule.PLAIN,
    val napola: Boolean = false,
    val reBello: Boolean = false,
    val kingsRedeal: Boolean = true,
    val aiLevel: AiLevel = AiLevel.MEDIUM,
) {
    /** The engine configuration: seat 0 human, every other seat the chosen AI level. */
    fun toConfig(): GameConfig = GameConfig(
        rules = RulesConfig(
            players = players.coerceAtLeast(0).toUInt(),
            deal = deal,
            target = target.coerceAtLeast(0).toUInt(),
            primiera = primiera,
            ace = ace,
            napola = napola,
            reBello = reBello,
            kingsRedeal = kingsRedeal,
        ),
        aiLevels = List(players.coerceAtLeast(0)) { seat -> if (seat == HUMAN_SEAT) null else aiLevel },
        firstDealer = null,
    )

    /** The deals the settings screen offers for this number of players. */
    fun availableDeals(): List<DealKind> = dealsFor(players)

    companion object {
        const val HUMAN_SEAT = 0
        val PLAYER_COUNTS = listOf(2, 3, 4)
        val TARGETS = listOf(11, 16, 21, 31)

        fun dealsFor(players: Int): List<DealKind> =
            if (players == 4) DealKind.entries.toList() else listOf(DealKind.STANDARD)

        /** The settings of an existing match (the first AI seat's level stands for all). */
        fun fromConfig(config: GameConfig): Settings {
            val r = config.rules
            return Settings(
                players = r.players.toInt(),
                deal = r.deal,
                target = r.target.toInt(),
                primiera = r.primiera,
                ace = r.ace,
                napola = r.napola,
                reBello = r.reBello,
                kingsRedeal = r.kingsRedeal,
                aiLevel = config.aiLevels.firstNotNullOfOrNull { it } ?: AiLevel.MEDIUM,
            )
        }

        /** RULES.md defaults as the engine reports them, with a medium AI. */
        fun fromEngineDefaults(rules: RulesConfig, aiLevel: AiLevel = AiLevel.MEDIUM) = Settings(
            players = rules.players.toInt(),
            deal = rules.deal,
            target = rules.target.toInt(),
            primiera = rules.primiera,
            ace = rules.ace,
            napola = rules.napola,
            reBello = rules.reBello,
            kingsRedeal = rules.kingsRedeal,
            aiLevel = aiLevel,
        )
    }
}
