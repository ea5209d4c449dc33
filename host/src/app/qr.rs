//! A QR code of a text (an invite), drawn with egui's painter: a phone's camera reads
//! it off the screen. The code itself is the `qrcode` crate's.

use qrcode::{Color, EcLevel, QrCode};

/// The dark and light modules of `text`'s QR code, row by row, and its width in modules;
/// `None` if the text is too long for any QR code.
///
/// ```
/// let (width, modules) = tavola::app::qr_modules("tavola1:abc").unwrap();
/// assert_eq!(modules.len(), width * width);
/// // The finder pattern: the top-left corner is dark.
/// assert!(modules[0]);
/// ```
pub fn qr_modules(text: &str) -> Option<(usize, Vec<bool>)> {
    // Low error correction: the code is read off a screen, and stays smaller.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let modules = code
        .to_colors()
        .into_iter()
        .map(|c| c == Color::Dark)
        .collect();
    Some((code.width(), modules))
}

/// Draws `text`'s QR code, `side` points wide with its quiet zone, dark on white
/// whatever the theme (readers need the contrast). Draws nothing for a text too long.
pub fn qr_ui(ui: &mut egui::Ui, text: &str, side: f32) -> Option<egui::Response> {
    let (width, modules) = qr_modules(text)?;
    // Four modules of quiet zone on each side, as the standard asks.
    let cells = width + 8;
    let module = (side / cells as f32).floor().max(1.0);
    let size = egui::vec2(module * cells as f32, module * cells as f32);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    for (i, _) in modules.iter().enumerate().filter(|(_, dark)| **dark) {
        let (x, y) = ((i % width + 4) as f32, (i / width + 4) as f32);
        let min = rect.min + egui::vec2(x * module, y * module);
        painter.rect_filled(
            egui::Rect::from_min_size(min, egui::vec2(module, module)),
            0.0,
            egui::Color32::BLACK,
        );
    }
    Some(response)
}
