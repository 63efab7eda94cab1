import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PRODUCT } from '@registrar/messages';
import { Logo } from './logo';
import { SiteLink } from './site-link';
import { FOOTER_COLUMNS, visibleLinks } from './site-map';
import { useServices } from '../lib/site-config';

/** The public footer: every footer link of 002 spec §2, the services map and the copyright from 2020. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const services = useServices();
  return (
    <Box component="footer" bg="#15213a" c="#c9d2e3" mt="xl" data-testid="site-footer">
      <Container size={1180} px={{ base: 16, sm: 20 }} py={40}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'lg', sm: 'xl' }} verticalSpacing="xl">
          {FOOTER_COLUMNS.map((col) => (
            <Stack key={col.title} gap={8}>
              <Text size="sm" fw={700} c="white">
                {col.title}
              </Text>
              {visibleLinks(col.links, services).map((l) => (
                <Anchor key={l.to} component={SiteLink} to={l.to} size="sm" c="#c9d2e3" underline="hover">
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        {Object.keys(services).length ? (
          <>
            <Divider my="xl" color="#2a3856" />
            <Text size="xs" fw={700} c="white" mb={10}>
              {PRODUCT.accountIdName}で使えるサービス
            </Text>
            <Group gap="md" wrap="wrap" data-testid="footer-services">
              {Object.entries(services).map(([key, s]) => (
                <Anchor key={key} component={SiteLink} to={s.url} size="xs" c="#c9d2e3" underline="hover">
                  {s.name_jp}
                </Anchor>
              ))}
            </Group>
          </>
        ) : null}
        <Divider my="xl" color="#2a3856" />
        <Group justify="space-between" gap="md">
          <Logo inverted />
          <Text size="xs" c="#8e9ab3">
            © 2020{year > 2020 ? `-${year}` : ''} {PRODUCT.serviceName}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
