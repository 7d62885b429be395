import { accountApi } from '@common/api/account';
import { call, callRaw } from '../../../lib/api';
import { offerDownload } from '../../../lib/download';

/** Downloads the zip of everything kept about the signed-in user. */
export async function downloadMyData(): Promise<void> {
  const response = await callRaw(accountApi.exportMyData, {});
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'plume-data.zip';
  offerDownload(await response.blob(), name);
}

/** Deletes the account; `confirmation` is the password (or, for a Google account, the e-mail address). */
export const deleteMyAccount = (confirmation: string) =>
  call(accountApi.deleteAccount, { body: { password: confirmation, email: confirmation } }, { quiet: true });
