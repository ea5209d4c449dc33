//! `tavola manual`: the manual page, made from the command line's help (clap_mangen) in
//! the chosen language, with a FILES section naming the plugin folders this build
//! searches. The packager installs it as `tavola(1)` (and the Italian one under `it`).

use std::io::Write;

/// Writes the manual page in `lang` (roff) to `out`.
pub fn write(lang: &str, out: &mut dyn Write) -> std::io::Result<()> {
    let cmd = super::help::command_in(lang);
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page)?;
    out.write_all(&page)?;
    out.write_all(files_section().as_bytes())
}

/// The FILES section: the user's plugins folder and the system folders compiled in.
fn files_section() -> String {
    let mut text = format!(".SH {}\n", tavola_core::tr!("manual-files"));
    text.push_str(&format!(
        ".TP\n\\fI~/.local/share/tavola/plugins\\fR\n{}\n",
        tavola_core::tr!("manual-user-plugins")
    ));
    for dir in tavola_core::platform::system_plugin_dirs() {
        text.push_str(&format!(
            ".TP\n\\fI{}\\fR\n{}\n",
            dir.display(),
            tavola_core::tr!("manual-system-plugins")
        ));
    }
    text.push_str(&format!(
        ".TP\n\\fI~/.cache/tavola\\fR, \\fI~/.local/share/tavola/endgames\\fR\n{}\n",
        tavola_core::tr!("manual-user-data")
    ));
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_subcommands_and_the_users_folder() {
        let mut out = Vec::new();
        super::write("en", &mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(
            page.starts_with(".ie") || page.contains(".TH tavola"),
            "{page}"
        );
        assert!(page.contains("hint"), "{page}");
        assert!(page.contains("~/.local/share/tavola/plugins"), "{page}");
        // Hidden internal commands stay out of the manual.
        assert!(!page.contains("write-broker"), "{page}");
    }
}
