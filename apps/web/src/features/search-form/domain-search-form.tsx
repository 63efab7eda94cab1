import { Button, Group, Paper, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formToken, useSession } from '../../lib/session';

/**
 * The domain search box (002 spec §2 "Top page", 000 spec §2): tab 1 keyword (one input, field `domain`), tab 2 bulk
 * check (a text area, one domain per line, field `domain_list`). A real form POST with `_token` to /search for
 * guests and /mypage/search for signed-in users; the button is disabled while the input is empty.
 * With `tld`, a keyword without a dot is searched under that TLD (the TLD detail page).
 * With JavaScript running, the submit goes straight to the URL the POST would redirect to (the same query as the
 * gateway's searchUrl) inside the app: no page load, no second bundle start, the search begins at once (issue 9).
 * The POST stays for a browser without JavaScript, and serves a visitor who searches before the app has taken over
 * the server-rendered page (public/boot.js fills `_token` and `domain` then; the button is enabled until hydration).
 */
export function DomainSearchForm({ tld, compact = false }: { tld?: string; compact?: boolean }) {
  const { isSignedIn } = useSession();
  const [tab, setTab] = useState<string>('1');
  const [keyword, setKeyword] = useState('');
  const [list, setList] = useState('');
  const tokenRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const keywordRef = useRef<HTMLInputElement>(null);
  // the server's markup has an enabled button (the form works before the app takes over); disabled while empty after
  const [live, setLive] = useState(false);
  const action = isSignedIn ? '/mypage/search' : '/search';
  const domainValue = tld && keyword.trim() && !keyword.includes('.') ? `${keyword.trim()}.${tld}` : keyword.trim();
  const empty = tab === '1' ? keyword.trim() === '' : list.trim() === '';
  const disabled = live && empty;
  const navigate = useNavigate();
  // a server-rendered page is rendered for a guest and learns who is signed in after hydration; React leaves the
  // action attribute of a hydrated form as the server wrote it, so the form's target is set here when it changes
  useEffect(() => {
    formRef.current?.setAttribute('action', action);
  }, [action]);
  // what a visitor typed before the app took over stays (React keeps an input's value when it hydrates it)
  useEffect(() => {
    const typed = keywordRef.current?.value;
    if (typed) setKeyword(typed);
    setLive(true);
  }, []);

  return (
    <Paper radius="lg" p={compact ? 'md' : { base: 'md', sm: 'lg' }} shadow="sm" withBorder data-testid="domain-search">
      <form
        ref={formRef}
        method="post"
        action={action}
        data-search-form=""
        data-tld={tld}
        onSubmit={(e) => {
          if (empty) {
            e.preventDefault();
            return;
          }
          if (tokenRef.current) tokenRef.current.value = formToken();
          e.preventDefault();
          const q = new URLSearchParams();
          if (tab === '2') {
            q.set('domain_list', list.replace(/\r\n?/g, '\n'));
            q.set('type', '2');
          } else q.set('domain', domainValue);
          void navigate({ href: `${action}?${q.toString()}` });
        }}
      >
        <input ref={tokenRef} type="hidden" name="_token" defaultValue="" />
        <Tabs value={tab} onChange={(v) => setTab(v ?? '1')} keepMounted={false} variant="pills" radius="xl">
          {/* the tabs need the app: until it takes over, they take no clicks (public/boot.js) */}
          <Tabs.List mb="sm" data-needs-app="">
            <Tabs.Tab value="1">キーワード検索</Tabs.Tab>
            <Tabs.Tab value="2">一括登録チェック</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="1">
            <Group gap="xs" wrap="nowrap" align="stretch">
              <TextInput
                ref={keywordRef}
                data-search-keyword=""
                style={{ flex: 1, minWidth: 0 }}
                size="md"
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                placeholder={tld ? '希望の文字列' : '希望のドメイン名・キーワードを入力'}
                aria-label="ドメイン名・キーワード"
                rightSection={tld ? <Text size="sm" c="dimmed" pr={8} style={{ whiteSpace: 'nowrap' }}>.{tld}</Text> : undefined}
                rightSectionWidth={tld ? Math.min(160, 24 + tld.length * 10) : undefined}
              />
              <input type="hidden" name="domain" value={domainValue} />
              <Button type="submit" size="md" disabled={disabled} px={{ base: 14, sm: 28 }}>
                検索
              </Button>
            </Group>
          </Tabs.Panel>
          <Tabs.Panel value="2">
            <Textarea
              name="domain_list"
              value={list}
              onChange={(e) => setList(e.currentTarget.value)}
              autosize
              minRows={4}
              maxRows={10}
              placeholder={'example.com\nexample.jp\n（1行に1ドメイン、500件まで）'}
              aria-label="ドメイン名（1行に1つ）"
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" size="md" disabled={disabled}>
                一括チェック
              </Button>
            </Group>
          </Tabs.Panel>
        </Tabs>
      </form>
    </Paper>
  );
}
