import { Link } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { isExternal } from './site-map';

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a path of this site or another. In-app paths go through the router (client-side); other sites, paths
 * with a query and paths with a trailing slash are plain anchors.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ to, children, ...rest }, ref) {
  // the router drops a trailing slash; the spec's knowledge/ and document/api/v1/ keep it, so they are plain anchors
  if (isExternal(to) || to.includes('?') || (to.length > 1 && to.endsWith('/'))) {
    return (
      <a ref={ref} href={to} {...(isExternal(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={to as never} {...rest}>
      {children}
    </Link>
  );
});
