//! `resolve` looks for a file before it looks at the built-in names, as the
//! reference command line does (`os.path.isfile(a)` comes first).
//!
//! This is its own test binary because it changes the working directory.

use pith_stoplists::resolve;

#[test]
fn file_in_working_directory_wins_over_builtin_name() {
    let dir = std::env::temp_dir().join(format!("pith-stoplists-cwd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("English"), b"Only\n").unwrap();
    std::env::set_current_dir(&dir).unwrap();

    let list = resolve("English").unwrap();
    assert_eq!(list.name(), "file:English");
    assert_eq!(list.len(), 1);
    assert!(list.contains("only"));
    // The prefixed forms still choose explicitly.
    assert_eq!(resolve("embedded:English").unwrap().len(), 453);
    assert_eq!(resolve("file:English").unwrap().len(), 1);

    std::fs::remove_file(dir.join("English")).unwrap();
    assert_eq!(resolve("English").unwrap().len(), 453);
    std::env::set_current_dir(std::env::temp_dir()).unwrap();
    let _ = std::fs::remove_dir(&dir);
}
