import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@og/shared/errors/app-error';

/** Errno codes of a write the disk has no room for (EFBIG: past the process's file-size limit, `ulimit -f`). */
const noRoomCodes = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Whether an error is a write the disk (or a quota, or the file-size limit) has no room for. */
export function isNoRoomError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && noRoomCodes.has((error as NodeJS.ErrnoException).code ?? '');
}

export const uploadNotStoredMessage = "The server's disk is full; the upload was not stored.";

/**
 * The space an upload must leave free for the writes that cannot wait (the triple store's update
 * log, jobs' files): the smaller of 64 MiB and 2% of the file system.
 */
export function spareBytes(totalBytes: number): number {
  return Math.min(64 * 1024 * 1024, Math.floor(totalBytes * 0.02));
}

/**
 * Free bytes (for this process's user) and the size of the file system that holds `directory`
 * (the nearest existing one of it and its parents); null where it cannot be told.
 */
export async function diskSpace(directory: string): Promise<{ free: number; total: number } | null> {
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    try {
      const stats = await fs.promises.statfs(current);
      return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || current === path.dirname(current)) return null;
    }
  }
}

/**
 * Refuses (507) an upload of `bytes` (0 when its size is not known) into `directory` that would
 * leave less than the spare space free. Where the free space cannot be told, nothing is refused.
 */
export async function assertRoomForUpload(directory: string, bytes: number): Promise<void> {
  const space = await diskSpace(directory);
  if (!space) return;
  const room = space.free - spareBytes(space.total);
  if (bytes > room) {
    const mib = (value: number) => `${(Math.max(0, value) / 1024 / 1024).toFixed(1)} MiB`;
    throw new AppError(
      'insufficient_storage',
      bytes > 0
        ? `There is not enough free space on the server's disk for this upload (${mib(bytes)}; ${mib(room)} free); the upload was not stored.`
        : uploadNotStoredMessage,
      { freeBytes: Math.max(0, room) },
    );
  }
}

/** The answer to an upload whose file could not be written: 507, saying whether the disk is full or failed. */
export function uploadWriteError(error: unknown): AppError {
  if (isNoRoomError(error)) return new AppError('insufficient_storage', uploadNotStoredMessage);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new AppError('insufficient_storage', `The server could not write the upload to its disk${code ? ` (${code})` : ''}; the upload was not stored.`);
}
