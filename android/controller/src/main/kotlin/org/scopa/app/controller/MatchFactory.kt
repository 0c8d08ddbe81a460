package org.scopa.app.controller

import org.scopa.engine.GameConfig
import org.scopa.engine.ScopaException
import org.scopa.engine.ScopaMatch

/** Creates and restores engine matches (the engine itself in the app; wrappers in tests). */
interface MatchFactory {
    @Throws(ScopaException::class)
    fun create(config: GameConfig, seed: ULong): ScopaMatch

    @Throws(ScopaException::class)
    fun restore(bytes: ByteArray): ScopaMatch
}

/** The scopa-ffi engine. */
object EngineMatchFactory : MatchFactory {
    override fun create(config: GameConfig, seed: ULong): ScopaMatch = ScopaMatch(config, seed)

    override fun restore(bytes: ByteArray): ScopaMatch = ScopaMatch.restore(bytes)
}
