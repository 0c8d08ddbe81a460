package org.scopa.app.controller

/** The save file is not one this app wrote (or it was damaged). */
class SaveFormatException(message: String) : Exception(message)

/**
 * The app's save file: a 10-byte header around the engine's opaque save bytes
 * (`ScopaMatch.save()`), identical on Android and iOS:
 *
 * | bytes | content |
 * | --- | --- |
 * | 0–7 | `SCOPAAPP` (ASCII) |
 * | 8 | format version, 1 |
 * | 9 | flags: bit 0 = the hand summary was on screen (not yet dismissed) |
 * | 10– | the engine's save (checked by `ScopaMatch.restore`) |
 */
object SaveFile {
    private val MAGIC = "SCOPAAPP".toByteArray(Charsets.US_ASCII)
    const val VERSION = 1
    const val HEADER_SIZE = 10
    private const val FLAG_HAND_SUMMARY = 1

    /** A decoded save: the engine's bytes and whether the hand summary was showing. */
    class Contents(val engine: ByteArray, val handSummaryPending: Boolean)

    fun encode(engine: ByteArray, handSummaryPending: Boolean): ByteArray {
        val out = ByteArray(HEADER_SIZE + engine.size)
        MAGIC.copyInto(out)
        out[8] = VERSION.toByte()
        out[9] = (if (handSummaryPending) FLAG_HAND_SUMMARY else 0).toByte()
        engine.copyInto(out, HEADER_SIZE)
        return out
    }

    @Throws(SaveFormatException::class)
    fun decode(bytes: ByteArray): Contents {
        if (bytes.size < HEADER_SIZE) {
            throw SaveFormatException("the file has ${bytes.size} bytes, fewer than the $HEADER_SIZE of the header")
        }
        if (!bytes.copyOfRange(0, 8).contentEquals(MAGIC)) {
            throw SaveFormatException("the file does not start with SCOPAAPP: it is not a save of this app")
        }
        val version = bytes[8].toInt() and 0xff
        if (version != VERSION) {
            throw SaveFormatException("the save has format version $version; this app reads version $VERSION")
        }
        val flags = bytes[9].toInt() and 0xff
        if (flags and FLAG_HAND_SUMMARY.inv() != 0) {
            throw SaveFormatException("unknown flags 0x${flags.toString(16)} in byte 9 of the header")
        }
        return Contents(bytes.copyOfRange(HEADER_SIZE, bytes.size), flags and FLAG_HAND_SUMMARY != 0)
    }
}
