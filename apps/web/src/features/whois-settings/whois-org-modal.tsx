import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrereqRequest, PrereqResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';
import { snackbar } from '../../lib/snackbar';
import { JpWhoisModal } from '../whois/jp-whois-modal';
import { updateOrgWhois, whoisQueries } from './whois.api';

/**
 * The .co.jp organisation form (one domain; 001 §4 "initial, loading, complete; on an HTTP error back to initial"):
 * loads the domain's WHOIS (GET mypage/domain/whois/get), then the .co.jp WHOIS form with its rules, saved by POST
 * mypage/domain/whois/org/update. A provisional .co.jp cannot be changed (it is made final on its activation page).
 */
export function WhoisOrgModal({ domainName, provisional, onClose }: { domainName: string; provisional: boolean; onClose: (changed: boolean) => void }) {
  const q = useQuery({ ...whoisQueries.org(domainName), enabled: !provisional });
  const [done, setDone] = useState(false);
  if (provisional) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {M.whoisProvisionalCoJp}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => onClose(false)}>閉じる</Button>
        </Group>
      </Stack>
    );
  }
  if (q.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader role="status" size="sm" aria-label="読み込み中" />
      </Group>
    );
  }
  if (q.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {M.errorOccurred}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => void q.refetch()}>再読み込み</Button>
        </Group>
      </Stack>
    );
  }
  if (done) {
    return (
      <Stack gap="md" data-testid="whois-org-complete">
        <Text>{M.whoisOrgUpdated}</Text>
        <Group justify="flex-end">
          <Button onClick={() => onClose(true)}>閉じる</Button>
        </Group>
      </Stack>
    );
  }
  const c = q.data.contacts;
  const submit = async (body: PrereqRequest): Promise<PrereqResult> => {
    try {
      const r = await updateOrgWhois({ domainName, contact: body.contact, isDifferentTec: body.isDifferentTec, isDifferentAdm: body.isDifferentAdm, isDifferentBil: body.isDifferentBil });
      if (r.result) {
        snackbar(M.whoisOrgUpdated);
        setDone(true);
      }
      return { result: r.result, errorMsg: r.result ? [] : r.message, errors: r.errors };
    } catch (e) {
      const b = e instanceof ApiError ? (e.body as { message?: string[] } | null) : null;
      return { result: false, errorMsg: Array.isArray(b?.message) ? b!.message : [M.errorOccurred], errors: {} };
    }
  };
  return (
    <>
      <Text size="sm" c="dimmed">
        組織情報フォームで変更します。
      </Text>
      <JpWhoisModal
        domainName={done ? null : domainName}
        onClose={() => onClose(false)}
        onRegistered={() => undefined}
        change={{ initial: { org: c.org_contact, reg: c.reg_contact, tec: c.tec_contact, adm: c.adm_contact, bil: c.bil_contact }, submit }}
      />
    </>
  );
}
