package org.scopa.app.controller

import java.io.File
import java.io.FileOutputStream
import java.io.IOException

/** Where the controller keeps the autosave of the match in progress. */
interface SaveStore {
    /** The saved bytes, or null when nothing is saved. */
    @Throws(IOException::class)
    fun load(): ByteArray?

    /** Replaces the save with [bytes], atomically: after a crash either the old or the new save is there, whole. */
    @Throws(IOException::class)
    fun save(bytes: ByteArray)

    /** Removes the save. */
    @Throws(IOException::class)
    fun clear()

    /**
     * Moves an unreadable save out of the way, keeping a copy for a bug report, and
     * returns where the copy went (a description for the user), or null if none was kept.
     */
    @Throws(IOException::class)
    fun setAside(): String?
}

/**
 * A save in one file. [save] writes a temporary file in the same directory, flushes it to
 * the disk (fsync) and renames it over the save, so the save is never half written.
 * [setAside] renames an unreadable save to `<name>.corrupt`.
 *
 * Uses only java.io (Android API 24 has no java.nio.file).
 */
class FileSaveStore(val file: File) : SaveStore {
    val corruptFile: File get() = File(file.path + ".corrupt")

    override fun load(): ByteArray? = when {
        file.isFile -> file.readBytes()
        file.exists() -> throw IOException("${file.path} is not a file")
        else -> null
    }

    override fun save(bytes: ByteArray) {
        val dir = file.absoluteFile.parentFile ?: throw IOException("save file ${file.path} has no directory")
        if (!dir.isDirectory && !dir.mkdirs()) throw IOException("cannot create the save directory ${dir.path}")
        val tmp = File.createTempFile(file.name + ".", ".tmp", dir)
        try {
            FileOutputStream(tmp).use { out ->
                out.write(bytes)
                out.flush()
                out.fd.sync()
            }
            // rename(2): atomic, replaces the old save on POSIX file systems (Android, Linux, macOS).
            if (!tmp.renameTo(file)) throw IOException("cannot rename ${tmp.path} to ${file.path}")
        } finally {
            if (tmp.exists()) tmp.delete()
        }
    }

    override fun clear() {
        if (file.exists() && !file.delete()) throw IOException("cannot delete the save ${file.path}")
    }

    override fun setAside(): String? {
        if (!file.exists()) return null
        val target = corruptFile
        if (target.exists() && !target.delete()) throw IOException("cannot replace ${target.path}")
        if (!file.renameTo(target)) throw IOException("cannot rename ${file.path} to ${target.path}")
        return target.path
    }
}

/** A save kept in memory (tests; a process that must not touch the disk). */
class InMemorySaveStore(initial: ByteArray? = null) : SaveStore {
    var bytes: ByteArray? = initial?.copyOf()
        private set
    var setAsideBytes: ByteArray? = null
        private set
    var writes: Int = 0
        private set

    override fun load(): ByteArray? = bytes?.copyOf()

    override fun save(bytes: ByteArray) {
        this.bytes = bytes.copyOf()
        writes++
    }

    override fun clear() {
        bytes = null
    }

    override fun setAside(): String? {
        val b = bytes ?: return null
        setAsideBytes = b
        bytes = null
        return "memory"
    }
}
