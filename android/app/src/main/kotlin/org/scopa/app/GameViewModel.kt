package org.scopa.app

import android.app.Application
import android.os.Handler
import android.os.Looper
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.lifecycle.AndroidViewModel
import java.io.File
import java.util.Locale
import org.scopa.app.controller.FileSaveStore
import org.scopa.app.controller.GameController
import org.scopa.app.controller.Pacer
import org.scopa.app.controller.StateListener
import org.scopa.app.controller.UiState
import org.scopa.engine.langFromTag

/** Delays on the main thread, where the controller lives. */
private class MainThreadPacer : Pacer {
    private val handler = Handler(Looper.getMainLooper())

    override fun schedule(delayMillis: Long, action: () -> Unit) {
        handler.postDelayed(action, delayMillis)
    }
}

/**
 * Holds the controller across configuration changes and exposes its state to Compose.
 * Everything else is the controller's and the session's (tested on the JVM by .ci/apps.sh).
 */
class GameViewModel(application: Application) : AndroidViewModel(application) {
    val controller = GameController(
        store = FileSaveStore(File(application.filesDir, "match.scopa")),
        pacer = MainThreadPacer(),
        // The texts follow the system language (Italian for it-*, else English).
        lang = langFromTag(Locale.getDefault().toLanguageTag()),
    )

    var state: UiState by mutableStateOf(controller.state)
        private set

    private val listener = StateListener { state = it }

    init {
        controller.addListener(listener)
        controller.launch()
    }

    override fun onCleared() {
        controller.removeListener(listener)
        controller.close()
    }
}
