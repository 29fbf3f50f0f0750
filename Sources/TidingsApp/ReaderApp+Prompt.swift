import TerminalUI

/// Questions the reader asks in the status row: a line of text, or yes/no.
extension ReaderApp {
    /// Opens a one-line prompt in the status row, prefilled with `text`; `then` runs with what
    /// was typed when the user presses Enter, and not at all on Esc.
    func ask(_ prompt: String, text: String = "", then: @escaping (String) -> Void) {
        navigation.prompt = LineEditor(prompt: prompt, text: text)
        promptAnswer = then
    }

    /// Shows `question` in the status bar; `then` runs if the next key is `y`, any other key
    /// declines.
    func confirm(_ question: String, then: @escaping () -> Void) {
        transientMessage = "\(question) (y: yes, any other key: no)"
        pendingConfirmation = then
    }

    /// Passes `key` to the open prompt and acts on Enter or Esc.
    func handlePromptKey(_ key: Key) {
        guard var editor = navigation.prompt else { return }
        switch editor.handle(key) {
        case .editing:
            navigation.prompt = editor
        case .cancelled:
            navigation.prompt = nil
            promptAnswer = nil
        case .submitted(let text):
            navigation.prompt = nil
            let answer = promptAnswer
            promptAnswer = nil
            answer?(text)
        }
    }
}
