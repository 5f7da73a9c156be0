import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchTenant, queryKeys, tenantLogoUrl, type Tenant } from '../api/auth';

/** The browser tab shows the tenant's icon (spec §3 ico) once it is known; the page's own icon until then. */
export function useTenantIcon(tenant: Tenant | undefined) {
  const ico = tenant ? tenantLogoUrl(tenant, 'ico') : null;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!ico || !link) return;
    const before = { href: link.href, type: link.type };
    link.href = ico;
    link.removeAttribute('type');
    return () => {
      link.href = before.href;
      link.type = before.type;
    };
  }, [ico]);
}

/** The signed-in user's tenant (cached as the login page has it): its name and header logo, and its icon in the tab. */
export function useTenantLook(code: string | undefined) {
  const tenant = useQuery({
    queryKey: queryKeys.tenant(code ?? ''),
    queryFn: () => fetchTenant(code!),
    enabled: Boolean(code),
    staleTime: Infinity,
  });
  useTenantIcon(tenant.data);
  return {
    name: tenant.data?.name ?? null,
    manageLogo: tenant.data ? tenantLogoUrl(tenant.data, 'manageLogo') : null,
  };
}
