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
import org.scopa.app.controller.Command
import org.scopa.app.controller.GameController
import org.scopa.app.controller.Screen
import org.scopa.app.controller.UiState
import org.scopa.app.controller.captureOptions
import org.scopa.app.controller.commands
import org.scopa.app.controller.label
import org.scopa.engine.BannerKind
import org.scopa.engine.Frame

/**
 * The whole UI: the settings, or the table's frame — the hand-over screen of pass-and-play,
 * the summaries (by the frame's banner), the capture choice (by its captures) — and the error
 * dialog. Every word comes from the engine ([UiState.texts] and the frame's texts); no screen
 * decides what happens next.
 */
@Composable
fun ScopaApp(vm: GameViewModel) {
    val s = vm.state
    val c = vm.controller
    val f = s.frame
    MaterialTheme(colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme()) {
        Surface(Modifier.fillMaxSize()) {
            Box(Modifier.safeDrawingPadding().padding(12.dp)) {
                when {
                    s.screen == Screen.SETTINGS || f == null -> SettingsScreen(s, c)
                    f.banner?.kind is BannerKind.HandOff -> HandOffScreen(s, f, c)
                    f.banner?.kind is BannerKind.HandOver || f.banner?.kind is BannerKind.MatchOver -> SummaryScreen(s, f, c)
                    else -> TableScreen(s, f, c)
                }
            }
            if (s.screen == Screen.TABLE && f != null && f.captureOptions.isNotEmpty()) CaptureDialog(s, f, c)
            (s.message ?: f?.saveError)?.let { message ->
                AlertDialog(
                    onDismissRequest = c::dismissMessage,
                    confirmButton = { TextButton(onClick = c::dismissMessage) { Text(s.texts.labels.carryOn) } },
                    text = { Text(message) },
                )
            }
        }
    }
}

/** The frame's buttons ([Frame.offers]), each pressing its command, labelled in the session's words. */
@Composable
fun Offers(s: UiState, f: Frame, c: GameController, modifier: Modifier = Modifier) {
    f.offers.commands.forEach { command ->
        Button(onClick = { c.press(command) }, modifier = modifier) { Text(command.label(s.texts.labels)) }
    }
}

/** Pass-and-play: the cards stay hidden until the next person takes the device. */
@Composable
private fun HandOffScreen(s: UiState, f: Frame, c: GameController) {
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.Center, horizontalAlignment = Alignment.CenterHorizontally) {
        Text(s.texts.labels.hiddenCards, style = MaterialTheme.typography.titleMedium)
        Text(f.status, style = MaterialTheme.typography.headlineSmall, modifier = Modifier.padding(16.dp))
        Offers(s, f, c, Modifier.fillMaxWidth())
    }
}

@Composable
private fun CaptureDialog(s: UiState, f: Frame, c: GameController) {
    AlertDialog(
        onDismissRequest = { c.press(Command.CANCEL) },
        title = { Text(s.texts.labels.chooseCapture) },
        text = {
            Column {
                f.captureOptions.forEachIndexed { i, capture ->
                    TextButton(onClick = { c.chooseCapture(i) }, modifier = Modifier.fillMaxWidth()) { Text(capture.text) }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = { c.press(Command.CANCEL) }) { Text(s.texts.labels.cancel) } },
    )
}
