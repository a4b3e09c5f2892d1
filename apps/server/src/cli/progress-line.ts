/**
 * One line of progress for a long step on a terminal: `label [#####-----]  50% (39/78 symbols)`,
 * redrawn in place. When the output is not a terminal (CI logs, `npm start > file`), a line is
 * printed at every tenth instead, so a log still shows progress without thousands of lines.
 */
export interface ProgressLine {
  update(done: number, total: number): void;
  /** Ends the line with a closing note, e.g. `done in 48.9 s`. */
  finish(note: string): void;
}

const BAR_WIDTH = 24;

export function progressLine(
  label: string,
  unit: string,
  out: NodeJS.WriteStream = process.stdout,
): ProgressLine {
  const interactive = out.isTTY === true;
  let lastTenth = -1;
  let lastText = '';
  const textOf = (done: number, total: number) => {
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(fraction * BAR_WIDTH);
    const percent = String(Math.floor(fraction * 100)).padStart(3);
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${percent}% (${done}/${total} ${unit})`;
  };
  return {
    update(done, total) {
      lastText = textOf(done, total);
      if (interactive) {
        out.write(`\r${lastText}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done * 10) / total) : 10;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      out.write(`${lastText}\n`);
    },
    finish(note) {
      out.write(interactive ? `\r${lastText || label}: ${note}\n` : `${label}: ${note}\n`);
    },
  };
}
