import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import { ApiSettingsModal } from './api-settings-modal';
import { DefaultSettingsModal } from './default-settings-modal';
import { WhoisManageModal } from './whois-manage-modal';

const CogIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </svg>
);

type Which = 'whois' | 'default' | 'api' | null;

/**
 * The cog menu of the member area (001 §2 "Sidebar and settings modals"): WHOIS information management, domain
 * initial settings and API settings, each a modal. `onClosed` runs after a modal closes (the list re-reads its rows).
 */
export function SettingsMenu({ onClosed }: { onClosed?: () => void }) {
  const [open, setOpen] = useState<Which>(null);
  const close = () => {
    setOpen(null);
    onClosed?.();
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="設定メニュー" data-testid="settings-menu">
            <CogIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen('whois')} data-testid="settings-whois">
            WHOIS情報管理
          </Menu.Item>
          <Menu.Item onClick={() => setOpen('default')} data-testid="settings-default">
            ドメイン初期設定
          </Menu.Item>
          <Menu.Item onClick={() => setOpen('api')} data-testid="settings-api">
            API設定
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* mounted only while open: each opening loads the saved values afresh */}
      {open === 'whois' ? <WhoisManageModal opened onClose={close} /> : null}
      {open === 'default' ? <DefaultSettingsModal opened onClose={close} /> : null}
      {open === 'api' ? <ApiSettingsModal opened onClose={close} /> : null}
    </>
  );
}
