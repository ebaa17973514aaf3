// Progress bars of `npx paygraph` for work that takes more than a second (seeding a large sandbox),
// drawn with cli-progress on stderr only when stderr is a terminal: piped output, tests and the JSON
// ready line on stdout never see them. The seed runs synchronously, so the bar redraws from update()
// (cli-progress' synchronousUpdate) rather than from its timer.
import { SingleBar } from 'cli-progress';

export interface Progress {
  /** The share done, 0 to 1. */
  update(done: number): void;
  stop(): void;
}

const SILENT: Progress = { update: () => undefined, stop: () => undefined };

/** A bar titled `title` on a terminal's stderr; does nothing when stderr is not a terminal. */
export function progressBar(title: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return SILENT;
  const bar = new SingleBar({
    stream,
    format: `paygraph: ${title} [{bar}] {percentage}% | {duration_formatted}`,
    barCompleteChar: '=',
    barIncompleteChar: ' ',
    hideCursor: true,
    clearOnComplete: false,
    synchronousUpdate: true,
    fps: 10,
  });
  bar.start(100, 0);
  return {
    update: (done) => bar.update(Math.round(done * 100)),
    stop: () => bar.stop(),
  };
}
