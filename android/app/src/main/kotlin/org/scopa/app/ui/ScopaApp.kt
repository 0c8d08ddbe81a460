package org.scopa.app.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import org.scopa.app.GameViewModel
import org.scopa.app.controller.GameController
import org.scopa.app.controller.Screen
import org.scopa.app.controller.Texts
import org.scopa.app.controller.UiState

/** The whole UI: one screen per [Screen], the capture choice and the error dialog. */
@Composable
fun ScopaApp(vm: GameViewModel) {
    val s = vm.state
    val c = vm.controller
    MaterialTheme(colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme()) {
        Surface(Modifier.fillMaxSize()) {
            Box(Modifier.safeDrawingPadding().padding(12.dp)) {
                when (s.screen) {
                    Screen.SETTINGS -> SettingsScreen(s, c)
                    Screen.PLAYING, Screen.CHOOSING_CAPTURE -> TableScreen(s, c)
                    Screen.HAND_SUMMARY -> SummaryScreen(s, title = "Hand over", button = "Next hand") {
                        c.continueAfterHand()
                    }
                    Screen.MATCH_OVER -> SummaryScreen(
                        s,
                        title = s.winnerSide?.let { "${Texts.side(it, s.settings.players)} won" } ?: "Match over",
                        button = "New match",
                    ) { c.showSettings() }
                }
            }
            if (s.screen == Screen.CHOOSING_CAPTURE) CaptureDialog(s, c)
            s.message?.let { message ->
                AlertDialog(
                    onDismissRequest = c::dismissMessage,
                    confirmButton = { TextButton(onClick = c::dismissMessage) { Text("OK") } },
                    text = { Text(message) },
                )
            }
        }
    }
}

@Composable
private fun CaptureDialog(s: UiState, c: GameController) {
    AlertDialog(
        onDismissRequest = c::cancelCapture,
        title = { Text("Which cards do you take with the ${s.selectedCard?.let(Texts::card) ?: "card"}?") },
        text = {
            Column {
                s.captureOptions.forEachIndexed { i, m ->
                    TextButton(onClick = { c.chooseCapture(i) }, modifier = Modifier.fillMaxWidth()) {
                        Text(Texts.cards(m.capture))
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = c::cancelCapture) { Text("Cancel") } },
    )
}
