package org.scopa.app.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import org.scopa.app.GameViewModel
import org.scopa.app.controller.GameController
import org.scopa.app.controller.Screen
import org.scopa.app.controller.UiState
import org.scopa.app.controller.cardsOf
import org.scopa.engine.Phase

/**
 * The whole UI: the settings, or the table in the session's phase — the hand-over screen of
 * pass-and-play, the summaries, the capture choice — and the error dialog. Every word comes
 * from the session's texts ([UiState.texts], [UiState.prompt], the event captions).
 */
@Composable
fun ScopaApp(vm: GameViewModel) {
    val s = vm.state
    val c = vm.controller
    val labels = s.texts.labels
    MaterialTheme(colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme()) {
        Surface(Modifier.fillMaxSize()) {
            Box(Modifier.safeDrawingPadding().padding(12.dp)) {
                when {
                    s.screen == Screen.SETTINGS -> SettingsScreen(s, c)
                    s.phase is Phase.HandOff -> HandOffScreen(s, c)
                    s.phase is Phase.HandSummary -> SummaryScreen(s, labels.carryOn, c::proceed)
                    s.phase is Phase.MatchOver -> SummaryScreen(s, labels.rematch, c::rematch, c::showSettings)
                    else -> TableScreen(s, c)
                }
            }
            if (s.phase is Phase.ChooseCapture && s.screen == Screen.TABLE) CaptureDialog(s, c)
            s.message?.let { message ->
                AlertDialog(
                    onDismissRequest = c::dismissMessage,
                    confirmButton = { TextButton(onClick = c::dismissMessage) { Text(labels.carryOn) } },
                    text = { Text(message) },
                )
            }
        }
    }
}

/** Pass-and-play: the cards stay hidden until the next person takes the device. */
@Composable
private fun HandOffScreen(s: UiState, c: GameController) {
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.Center, horizontalAlignment = Alignment.CenterHorizontally) {
        Text(s.texts.labels.hiddenCards, style = MaterialTheme.typography.titleMedium)
        Text(s.prompt, style = MaterialTheme.typography.headlineSmall, modifier = Modifier.padding(16.dp))
        Button(onClick = c::proceed, modifier = Modifier.fillMaxWidth()) { Text(s.texts.labels.carryOn) }
    }
}

@Composable
private fun CaptureDialog(s: UiState, c: GameController) {
    AlertDialog(
        onDismissRequest = c::cancelCapture,
        title = { Text(s.texts.labels.chooseCapture) },
        text = {
            Column {
                s.captureOptions.forEachIndexed { i, capture ->
                    TextButton(onClick = { c.chooseCapture(i) }, modifier = Modifier.fillMaxWidth()) {
                        Text(cardsOf(capture).joinToString(", ") { s.texts.cards[it.toInt()] })
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = c::cancelCapture) { Text(s.texts.labels.cancel) } },
    )
}
