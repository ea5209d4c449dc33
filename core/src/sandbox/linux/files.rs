//! Landlock: the files, folders, ports and signals a confined process may reach.

use crate::sandbox::SandboxError;
use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};

use crate::sandbox::{Allowance, loader_paths};

/// The newest ABI this code knows; older kernels get what they support of it.
const ABI_WANTED: ABI = ABI::V6;

/// Restricts this thread and its future threads to `allow` plus what the loader needs.
/// Returns whether the kernel enforces it (`false`: no Landlock, nothing restricted).
pub(super) fn restrict(allow: &Allowance) -> Result<bool, SandboxError> {
    let read: Vec<_> = loader_paths()
        .into_iter()
        .chain(allow.read.iter().cloned())
        .filter(|p| p.exists())
        .collect();
    let write: Vec<_> = allow.write.iter().filter(|p| p.is_dir()).cloned().collect();
    let abi = ABI_WANTED;
    let status = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::from_all(abi)))
        .and_then(|r| r.scope(Scope::from_all(abi)))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(&read, AccessFs::from_read(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules(&write, AccessFs::from_all(abi))))
        .and_then(|r| r.restrict_self())?;
    Ok(status.ruleset != RulesetStatus::NotEnforced)
}
