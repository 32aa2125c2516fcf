import { PLATFORM_IDS, PLATFORMS as PLATFORM_TABLE } from '@flowbay/workflow-formats/platforms';

/**
 * Platforms and use cases every database starts with (not only the demo). The platform rows are
 * the platform table of packages/workflow-formats, in its order.
 */
export const PLATFORMS = PLATFORM_IDS.map((id) => {
  const { names } = PLATFORM_TABLE[id];
  return { id, name: names.en, nameVi: names.vi };
});

export const USE_CASES = [
  { id: 'marketing', name: 'Marketing', nameVi: 'Tiếp thị' },
  { id: 'sales-crm', name: 'Sales & CRM', nameVi: 'Bán hàng & CRM' },
  { id: 'customer-support', name: 'Customer support', nameVi: 'Chăm sóc khách hàng' },
  { id: 'email', name: 'Email automation', nameVi: 'Tự động hóa email' },
  { id: 'social-media', name: 'Social media', nameVi: 'Mạng xã hội' },
  { id: 'ai-assistants', name: 'AI assistants', nameVi: 'Trợ lý AI' },
  { id: 'data-sync', name: 'Data sync & ETL', nameVi: 'Đồng bộ dữ liệu & ETL' },
  { id: 'documents', name: 'Documents & PDF', nameVi: 'Tài liệu & PDF' },
  { id: 'productivity', name: 'Productivity', nameVi: 'Năng suất' },
  { id: 'project-management', name: 'Project management', nameVi: 'Quản lý dự án' },
  { id: 'devops-it', name: 'DevOps & IT', nameVi: 'DevOps & CNTT' },
  { id: 'finance', name: 'Finance & accounting', nameVi: 'Tài chính & kế toán' },
  { id: 'ecommerce', name: 'E-commerce', nameVi: 'Thương mại điện tử' },
  { id: 'messaging', name: 'Chat & messaging', nameVi: 'Nhắn tin & trò chuyện' },
] as const;

export type UseCaseId = (typeof USE_CASES)[number]['id'];
