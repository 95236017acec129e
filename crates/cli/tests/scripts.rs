//! Issue 14, bug 10: the scripts find the release binary through cargo (which honours
//! `CARGO_TARGET_DIR`), never at a hard-coded `target/release/pith`.

use std::path::Path;
use std::process::Command;

fn scripts_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts")
}

#[test]
fn no_script_hard_codes_the_release_binary() {
    for entry in std::fs::read_dir(scripts_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !path.is_file() || name == "pith-bin.sh" || name == "pith_bin.py" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for needle in ["target/release/pith", "\"target\" / \"release\""] {
            assert!(!text.contains(needle), "{name} hard-codes {needle}");
        }
    }
}

/// `pith_release_bin` prints the executable cargo reports, wherever that is: a fake
/// `cargo` on PATH reports one under a CARGO_TARGET_DIR-like folder.
#[cfg(unix)]
#[test]
fn the_shell_helper_takes_the_binary_cargo_reports() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("elsewhere/release/pith");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::write(&bin, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
    let fake = dir.path().join("fakebin");
    std::fs::create_dir_all(&fake).unwrap();
    let cargo = fake.join("cargo");
    std::fs::write(
        &cargo,
        format!(
            "#!/bin/sh\necho '{{\"reason\":\"compiler-artifact\",\"executable\":null}}'\n\
             echo '{{\"reason\":\"compiler-artifact\",\"executable\":\"{}\"}}'\n\
             echo '{{\"reason\":\"build-finished\",\"success\":true}}'\n",
            bin.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", fake.display(), std::env::var("PATH").unwrap());
    let helper = scripts_dir().join("pith-bin.sh");
    let o = Command::new("bash")
        .args([
            "-c",
            &format!(". '{}' && pith_release_bin", helper.display()),
        ])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        bin.display().to_string()
    );
}
