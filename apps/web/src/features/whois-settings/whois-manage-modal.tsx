import { ActionIcon, Alert, Anchor, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { WhoisContactDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { contactRoleLabel } from '@registrar/rules';
import { snackbar } from '../../lib/snackbar';
import { WhoisAddDialog } from '../whois/whois-add-dialog';
import { deleteContact, whoisQueries } from './whois.api';
import { HelpTitle } from '../help/help-link';

const fullName = (c: WhoisContactDto) => `${c.first_name} ${c.last_name}`.trim();

/** The detail of one contact (every field as text: markup typed into a field is shown as typed, never rendered). */
function ContactDetail({ c }: { c: WhoisContactDto }) {
  const rows: Array<[string, string | null | undefined]> = [
    ['種別', contactRoleLabel(c.role)], ['組織名', c.organization], ['氏名', fullName(c)], ['メールアドレス', c.email], ['国', c.cc], ['郵便番号', c.pc],
    ['都道府県・州', c.sp], ['市区町村', c.city], ['住所1', c.street1], ['住所2', c.street2], ['電話番号', `+${c.phone_country_code} ${c.phone}`],
    ['FAX番号', c.fax ? `+${c.fax_country_code ?? ''} ${c.fax}` : null], ['使用中のドメイン数', String(c.domain_num)],
  ];
  return (
    <Table withTableBorder variant="vertical" layout="fixed" data-testid="whois-contact-detail">
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={130}>{k}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{v || '-'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * WHOIS information management (cog menu; 001 §2 "steps list, detail, new record"): the member's contacts with their
 * usage count; one opens its detail; an unused one can be deleted (a used one shows '-'); a new one is added with the
 * WHOIS contact add form. A delete error is shown at the top of the modal, which scrolls up to it.
 */
export function WhoisManageModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const contacts = useQuery({ ...whoisQueries.contacts(), enabled: opened });
  const [detail, setDetail] = useState<WhoisContactDto | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: (r) => {
      if (r.status === 1) {
        setError(null);
        snackbar(M.contactDeleted);
        void qc.invalidateQueries({ queryKey: whoisQueries.all });
        return;
      }
      setError(r.error_msg ?? M.errorOccurred);
      top.current?.scrollIntoView({ block: 'start' });
    },
    onError: () => {
      setError(M.errorOccurred);
      top.current?.scrollIntoView({ block: 'start' });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    setDetail(null);
    setError(null);
    onClose();
  };
  const list = contacts.data?.contacts ?? [];

  return (
    <>
      <Modal opened={opened && !adding} onClose={close} title={<HelpTitle title="WHOIS情報管理" topic="whoisContacts" />} size="xl" fullScreen={phone} data-testid="whois-manage-modal" closeOnClickOutside={!remove.isPending} closeOnEscape={!remove.isPending}>
        <Stack gap="sm" ref={top}>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="whois-manage-error">
              {error}
            </Alert>
          ) : null}
          {detail ? (
            <>
              <ContactDetail c={list.find((c) => c.id === detail.id) ?? detail} />
              <Group justify="space-between">
                <Button variant="default" onClick={() => setDetail(null)}>
                  一覧に戻る
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed">
                  WHOISに公開する連絡先です。ドメインで使用中の連絡先は削除できません。
                </Text>
                <Button onClick={() => setAdding(true)} data-testid="whois-manage-new">
                  新規作成
                </Button>
              </Group>
              {contacts.isPending ? (
                <Group justify="center" py="lg">
                  <Loader role="status" size="sm" aria-label="読み込み中" />
                </Group>
              ) : contacts.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {M.errorOccurred}
                  <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => void contacts.refetch()}>
                    再読み込み
                  </Button>
                </Alert>
              ) : list.length === 0 ? (
                <Text ta="center" py="lg" data-testid="whois-manage-empty">
                  登録済みのWHOIS情報はありません。「新規作成」から登録してください。
                </Text>
              ) : (
                <ScrollArea type="auto">
                  <Table striped highlightOnHover miw={phone ? undefined : 560} data-testid="whois-contacts-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>氏名・組織名</Table.Th>
                        {phone ? null : <Table.Th>メールアドレス</Table.Th>}
                        <Table.Th>種別</Table.Th>
                        <Table.Th>使用数</Table.Th>
                        <Table.Th>削除</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((c) => (
                        <Table.Tr key={c.id} data-testid={`whois-contact-${c.id}`}>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Anchor component="button" type="button" onClick={() => setDetail(c)} ta="left">
                              {c.role === 2 && c.organization ? c.organization : fullName(c)}
                            </Anchor>
                            {phone ? (
                              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                                {c.email}
                              </Text>
                            ) : null}
                          </Table.Td>
                          {phone ? null : <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email}</Table.Td>}
                          <Table.Td>{contactRoleLabel(c.role)}</Table.Td>
                          <Table.Td data-testid="domain-num">{c.domain_num}</Table.Td>
                          <Table.Td>
                            {c.domain_num === 0 ? (
                              <Tooltip label="削除">
                                <ActionIcon variant="subtle" color="red" aria-label={`${fullName(c)}を削除`} loading={remove.isPending && remove.variables === c.id} onClick={() => remove.mutate(c.id)}>
                                  ×
                                </ActionIcon>
                              </Tooltip>
                            ) : (
                              <Text span aria-label="使用中のため削除できません">
                                -
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              )}
            </>
          )}
        </Stack>
      </Modal>
      <WhoisAddDialog opened={opened && adding} fromCart={false} onClose={() => setAdding(false)} onSaved={() => void qc.invalidateQueries({ queryKey: whoisQueries.all })} />
    </>
  );
}
