import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real, small filesystem (tmpfs) to fill up or make read-only under a running relay. Needs
 * root (mount); `available()` says why not when it cannot be had.
 */
export class SmallDisk {
  readonly dir = mkdtempSync(join(tmpdir(), 'sb-disk-'));
  private mounted = false;

  static unavailableReason(): string | undefined {
    if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
    if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root (CI runs as root)';
    // Root in a container without CAP_SYS_ADMIN still cannot mount: try once.
    const probe = new SmallDisk();
    try {
      probe.mount(1);
      probe.unmount();
      return undefined;
    } catch {
      return 'this machine does not allow mounting a tmpfs';
    }
  }

  mount(sizeMb: number): this {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', this.dir]);
    this.mounted = true;
    return this;
  }

  /** Fills what is left with one file (the write stops at ENOSPC). */
  fill(): void {
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (let i = 0; ; i++) writeFileSync(join(this.dir, 'filler'), chunk, { flag: 'a' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    }
  }

  free(): void {
    rmSync(join(this.dir, 'filler'), { force: true });
  }

  readOnly(on: boolean): void {
    execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, this.dir]);
  }

  unmount(): void {
    if (this.mounted) execFileSync('umount', ['-l', this.dir]);
    this.mounted = false;
  }
}
