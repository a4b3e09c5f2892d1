/**
 * The same picture as the static shell in index.html, shown while the first screen's code loads,
 * so the page never goes blank between the HTML and the app.
 */
export function StartupSplash() {
  return (
    <div className="boot-shell" aria-busy="true">
      <img className="boot-shell__logo" src="/icons/icon.svg" alt="" width="72" height="72" />
      <span className="boot-shell__name">Nivesh</span>
      <span className="boot-shell__bar" />
    </div>
  );
}
