use super::*;

#[test]
fn a_child_gets_only_the_variables_passed_on_purpose() {
    // SAFETY (edition 2024): tests of this module set variables no other test reads.
    unsafe {
        std::env::set_var("TAVOLA_SANDBOX_TEST_SECRET", "hunter2");
        std::env::set_var("TAVOLA_SANDBOX_TEST_PASSED", "yes");
        std::env::set_var(PASS_ENV_VAR, "TAVOLA_SANDBOX_TEST_PASSED, UNSET_VARIABLE_X");
    }
    let env = child_environment();
    assert!(env.contains(&("TAVOLA_SANDBOX_TEST_PASSED".into(), "yes".into())));
    assert!(!env.iter().any(|(k, _)| k == "TAVOLA_SANDBOX_TEST_SECRET"));
    assert!(!env.iter().any(|(k, _)| k == "HOME" || k == "PATH"));
}

#[test]
fn reports_are_read_back_and_worded() {
    let attempt = Attempt::from_exit(
        Some(BLOCKED_EXIT),
        None,
        "x\ntavola-sandbox: blocked exec (execve)\n",
    )
    .unwrap();
    assert_eq!(attempt.kind, Some(attempt::Kind::Exec));
    assert_eq!(
        attempt.to_string(),
        "tried to run another program (execve) — blocked by the sandbox"
    );
    assert!(Attempt::from_exit(Some(1), None, "tavola-sandbox: blocked exec (execve)").is_none());
    // A forged name is cut to a system call's shape.
    let forged =
        Attempt::from_stderr("tavola-sandbox: blocked network (<b>evil</b> and more)").unwrap();
    assert_eq!(forged.call, "bevilbandmore");
    assert!(Attempt::from_stderr("tavola-sandbox: blocked nonsense (x)").is_none());
}

#[test]
fn the_state_is_worded() {
    assert!(SandboxState::Off.to_string().contains("--no-sandbox"));
    let state = SandboxState::Unavailable {
        reason: "because".into(),
    };
    assert_eq!(state.to_string(), "not sandboxed on this system: because");
}
