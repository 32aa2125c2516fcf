import { createHash, randomBytes } from 'node:crypto';
import {
  N8N_DEFAULT_PAGE_SIZE,
  N8N_MAX_KEYS,
  formatVnd,
  listingTextFor,
  stripAccents,
  workflowPath,
  type CreatedN8nKey,
  type Language,
  type N8nCategory,
  type N8nCollectionListItem,
  type N8nCollectionResponse,
  type N8nImportTemplate,
  type N8nKey,
  type N8nSearchQuery,
  type N8nSearchResult,
  type N8nTemplateDetail,
  type N8nTemplateListItem,
  type N8nTemplateNode,
  N8nWorkflowJson,
} from '@flowbay/domain';
import { appDisplayName, normalizeAppKey, type ExportSummary } from '@flowbay/workflow-formats';
import { iconSvg } from '@flowbay/workflow-formats/icons';
import type { ServedFiles } from '../../infra/served-files/index.ts';
import { requireUser } from '../../lib/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { stampTemplate } from '../../lib/licence-note.ts';
import { nodeTypesOf, type ServedTemplate } from '../../lib/served-file.ts';
import type { SignedInViewer, Viewer } from '../../infra/request-viewer.ts';
import { searchWords, type SearchSync } from '../catalog/index.ts';
import { checkedPanel, compatBadge, storedChecks } from '../workflows/index.ts';
import type { N8nRepository, TemplateRow, UseCaseRow } from './n8n.repository.ts';

/** Who is asking and how to answer: the language of the prefix and, under /n8n/k/{key}, the key's owner. */
export interface TemplatesCaller {
  language: Language;
  /** Absolute origin of Flowbay's pages, for links that open from the n8n editor. */
  publicUrl: string;
  key?: string;
}

const KEY_PREFIX = 'fbn8n_';
/** Workflows a collection shows (the most viewed of its use case). */
const COLLECTION_SIZE = 50;

const TEXT = {
  en: {
    price: (price: string) => `Price: ${price}.`,
    buy: 'Buy it on Flowbay',
    view: 'See it on Flowbay',
    stubTitle: 'Paid workflow',
    stub: (title: string, price: string, url: string) =>
      `## ${title}\n\nThis is a paid workflow (${price}). Buy it on Flowbay to get the workflow itself:\n\n[${url}](${url})\n\nAlready bought it? Create a personal library key on your Flowbay profile and use it as this n8n's N8N_TEMPLATES_HOST.`,
    collection: (name: string) => `n8n workflows for ${name.toLowerCase()} on Flowbay.`,
    runsOn: (min: string, max: string | null) =>
      max ? `Runs on n8n ${min} to ${max}.` : `Runs on n8n ≥ ${min}.`,
  },
  vi: {
    price: (price: string) => `Giá: ${price}.`,
    buy: 'Mua trên Flowbay',
    view: 'Xem trên Flowbay',
    stubTitle: 'Quy trình trả phí',
    stub: (title: string, price: string, url: string) =>
      `## ${title}\n\nĐây là quy trình trả phí (${price}). Hãy mua trên Flowbay để nhận quy trình:\n\n[${url}](${url})\n\nĐã mua rồi? Hãy tạo khóa thư viện cá nhân trong hồ sơ Flowbay của bạn và dùng nó làm N8N_TEMPLATES_HOST của n8n này.`,
    collection: (name: string) => `Các quy trình n8n về ${name.toLowerCase()} trên Flowbay.`,
    runsOn: (min: string, max: string | null) =>
      max ? `Chạy trên n8n từ ${min} đến ${max}.` : `Chạy trên n8n ≥ ${min}.`,
  },
} as const;

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A stable positive 31-bit number for a node type (n8n's template nodes carry numeric ids). */
function typeNumber(type: string): number {
  const digest = createHash('sha256').update(type).digest();
  return digest.readUInt32BE(0) & 0x7fffffff || 1;
}

const iconUris = new Map<string, string>();
function iconDataUri(appKey: string): string {
  let uri = iconUris.get(appKey);
  if (uri === undefined) {
    uri = `data:image/svg+xml;base64,${Buffer.from(iconSvg(appKey)).toString('base64')}`;
    if (iconUris.size < 5000) iconUris.set(appKey, uri);
  }
  return uri;
}

function normalizeName(name: string): string {
  return stripAccents(name).trim().toLowerCase();
}

export function createN8nService({
  repository,
  servedFiles,
  search,
}: {
  repository: N8nRepository;
  /** Files as they are served (the same as downloads), prepared once off the event loop. */
  servedFiles: ServedFiles;
  /** The catalogue's search index: a search then ranks like the website's (typos, both languages). */
  search?: SearchSync;
}) {
  function categoryOf(useCase: UseCaseRow, language: Language): N8nCategory {
    return { id: useCase.number, name: language === 'vi' ? useCase.nameVi : useCase.name };
  }

  /** One template node per app the workflow uses, with Flowbay's icon as a data URI. */
  function templateNodes(row: TemplateRow): N8nTemplateNode[] {
    const summary = row.nodeSummary;
    if (!summary) return [];
    // Stored summaries are whole export summaries (with requirements) though the column's type is narrower.
    const types = (summary as Partial<ExportSummary>).requirements?.nodeTypeVersions ?? [];
    return summary.apps.map((app) => {
      const typed = types.find((entry) => normalizeAppKey(entry.type) === app.key);
      const type =
        typed?.type ?? `n8n-nodes-base.${app.key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
      const displayName = app.name || appDisplayName(app.key);
      return {
        id: typeNumber(type),
        name: type,
        displayName,
        icon: `file:${app.key}.svg`,
        iconData: { type: 'file' as const, fileBuffer: iconDataUri(app.key) },
        defaults: { name: displayName },
        typeVersion: typeof typed?.version === 'number' ? typed.version : 1,
        categories: [],
      };
    });
  }

  /**
   * The listing's title and description in the base's language (/n8n English, /n8n/vi Vietnamese)
   * when its author wrote them in it, else as written (docs/decisions/0173).
   */
  function textsOf(row: TemplateRow, caller: TemplatesCaller): { title: string; description: string } {
    const { title, description } = listingTextFor({ ...row, faq: [] }, caller.language);
    return { title, description };
  }

  function pageUrl(row: TemplateRow, caller: TemplatesCaller): string {
    return `${caller.publicUrl}${workflowPath({ slug: row.slug, id: row.id })}`;
  }

  /** "Runs on n8n ≥ 1.98." when the listed version's lowest release is known, else ''. */
  function runsOnLine(row: TemplateRow, caller: TemplatesCaller): string {
    const compatibility = storedChecks(row.checks)?.compatibility;
    return compatibility?.min ? TEXT[caller.language].runsOn(compatibility.min, compatibility.max) : '';
  }

  function listItem(row: TemplateRow, caller: TemplatesCaller): N8nTemplateListItem {
    const price = Number(row.price);
    const paid = price > 0;
    const priceText = formatVnd(price, caller.language);
    const text = TEXT[caller.language];
    const checks = storedChecks(row.checks);
    const notes = [runsOnLine(row, caller), paid ? text.price(priceText) : ''].filter(Boolean).join(' ');
    const { title, description } = textsOf(row, caller);
    return {
      id: row.number,
      name: paid ? `${title} (${priceText})` : title,
      description: notes ? `${description}\n\n${notes}`.trim() : description,
      totalViews: row.views,
      recentViews: 0,
      createdAt: (row.listedAt ?? row.createdAt).toISOString(),
      price: paid ? price : null,
      purchaseUrl: paid ? pageUrl(row, caller) : null,
      user: {
        username: row.authorDisplayName || row.authorName || 'Flowbay',
        name: row.authorName || row.authorDisplayName || 'Flowbay',
        verified: false,
      },
      nodes: templateNodes(row),
      compatibility: compatBadge(checks?.compatibility),
      setup: checks?.setup ?? null,
      findings: checkedPanel(checks, '', { hosts: !paid })?.findings ?? [],
    };
  }

  async function keyOwner(caller: TemplatesCaller): Promise<string | null> {
    if (caller.key === undefined) return null;
    const owner = caller.key.startsWith(KEY_PREFIX)
      ? await repository.activeKeyOwner(hashKey(caller.key))
      : null;
    if (!owner) throw new AppError('N8N_KEY_INVALID', 'This library key is unknown or was revoked');
    return owner;
  }

  /** Free workflows for everyone; paid ones for their author and buyers, through a personal key. */
  async function entitled(row: TemplateRow, owner: string | null): Promise<boolean> {
    if (Number(row.price) <= 0) return true;
    if (!owner) return false;
    return owner === row.userId || (await repository.hasPurchased(owner, row.id));
  }

  function stubWorkflow(row: TemplateRow, caller: TemplatesCaller): N8nWorkflowJson {
    const text = TEXT[caller.language];
    const { title } = textsOf(row, caller);
    return {
      name: title,
      active: false,
      nodes: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          name: text.stubTitle,
          type: 'n8n-nodes-base.stickyNote',
          typeVersion: 1,
          position: [0, 0],
          parameters: {
            content: text.stub(title, formatVnd(Number(row.price), caller.language), pageUrl(row, caller)),
            height: 320,
            width: 520,
          },
        },
      ],
      connections: {},
      settings: {},
      pinData: {},
    };
  }

  /**
   * The workflow as the caller may have it: the served file's (prepared once, as for downloads) or
   * the stub. The workflow comes as its JSON bytes: the route writes them as they are.
   */
  async function workflowJson(
    row: TemplateRow,
    caller: TemplatesCaller,
  ): Promise<ServedTemplate & { full: boolean; owner: string | null }> {
    const owner = await keyOwner(caller);
    if (!(await entitled(row, owner))) {
      const stub = stubWorkflow(row, caller);
      return {
        workflow: Buffer.from(JSON.stringify(N8nWorkflowJson.encode(stub))),
        nodeTypes: nodeTypesOf(stub.nodes),
        nodeCount: stub.nodes.length,
        full: false,
        owner,
      };
    }
    const fileKey = row.currentVersionId ? await repository.currentFileKey(row.currentVersionId) : null;
    const served = fileKey ? await servedFiles.get(fileKey, row.title, row.id) : null;
    if (!served) throw notFound('WORKFLOW_NOT_FOUND', 'The file of this workflow is missing');
    if (!served.template) throw notFound('WORKFLOW_NOT_FOUND', 'This workflow is not an n8n workflow');
    // A buyer's copy names them and their licence, as their download does (decision 0159).
    const stamp = owner && owner !== row.userId ? await repository.licenceStamp(owner, row.id) : null;
    const template = stamp ? (stampTemplate(served.template, stamp) ?? served.template) : served.template;
    return { ...template, full: true, owner };
  }

  async function findTemplate(id: number, caller: TemplatesCaller): Promise<TemplateRow> {
    await keyOwner(caller);
    const row = await repository.findListedByNumber(id);
    if (!row) throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
    return row;
  }

  async function useCasesOf(caller: TemplatesCaller) {
    await keyOwner(caller);
    return repository.useCasesInUse();
  }

  return {
    /** Answers 401 for an unknown or revoked key, so n8n's health probe shows the problem. */
    async health(caller: TemplatesCaller) {
      await keyOwner(caller);
      return { status: 'OK' as const };
    },

    async categories(caller: TemplatesCaller) {
      const useCases = await useCasesOf(caller);
      return { categories: useCases.map((useCase) => categoryOf(useCase, caller.language)) };
    },

    async search(query: N8nSearchQuery, caller: TemplatesCaller): Promise<N8nSearchResult> {
      await keyOwner(caller);
      const limit = query.limit ?? query.rows ?? N8N_DEFAULT_PAGE_SIZE;
      const names = (query.category ?? '').split(',').map(normalizeName).filter(Boolean);
      let useCaseIds: string[] | undefined;
      if (names.length > 0) {
        const all = await repository.allUseCases();
        useCaseIds = all
          .filter(
            (useCase) =>
              names.includes(normalizeName(useCase.name)) || names.includes(normalizeName(useCase.nameVi)),
          )
          .map((useCase) => useCase.id);
      }
      const offset = (query.page - 1) * limit;
      // Words are ranked by the search index, as on the website (docs/decisions/0007-search-index.md);
      // browsing without words keeps the most viewed first. The index filters by one use case at most.
      if (search && searchWords(query.search ?? '').length > 0 && (useCaseIds?.length ?? 0) <= 1) {
        if (useCaseIds?.length === 0) return { totalWorkflows: 0, workflows: [], filters: [] };
        const found = (await search.current()).query({
          search: query.search,
          platform: 'n8n',
          useCase: useCaseIds?.[0],
          price: 'all',
          sort: 'relevance',
          offset,
          limit,
        });
        const rows = await repository.listedByIds(found.ids);
        return {
          totalWorkflows: found.count,
          workflows: rows.map((row) => listItem(row, caller)),
          filters: [],
        };
      }
      const { rows, total } = await repository.search({ search: query.search, useCaseIds }, offset, limit);
      return { totalWorkflows: total, workflows: rows.map((row) => listItem(row, caller)), filters: [] };
    },

    /** The template's detail without its workflow, and the workflow's JSON bytes (see workflowJson). */
    async template(
      id: number,
      caller: TemplatesCaller,
    ): Promise<{ detail: Omit<N8nTemplateDetail, 'workflow'>; workflow: Buffer }> {
      const row = await findTemplate(id, caller);
      const item = listItem(row, caller);
      const { workflow, nodeTypes, nodeCount, full } = await workflowJson(row, caller);
      const text = TEXT[caller.language];
      const price = Number(row.price);
      const link = !full
        ? `**${text.price(formatVnd(price, caller.language))}** [${text.buy}](${pageUrl(row, caller)})`
        : `[${text.view}](${pageUrl(row, caller)})`;
      return {
        detail: {
          ...item,
          description: [textsOf(row, caller).description, runsOnLine(row, caller), `---\n\n${link}`]
            .filter(Boolean)
            .join('\n\n')
            .trim(),
          image: [],
          categories: row.useCases.map((useCase) =>
            categoryOf(
              { id: useCase.id, number: useCase.position + 1, name: useCase.name, nameVi: useCase.name_vi },
              caller.language,
            ),
          ),
          workflowInfo: { nodeCount: row.nodeSummary?.nodeCount ?? nodeCount, nodeTypes },
        },
        workflow,
      };
    },

    async importTemplate(
      id: number,
      caller: TemplatesCaller,
    ): Promise<{ template: Omit<N8nImportTemplate, 'workflow'>; workflow: Buffer }> {
      const row = await findTemplate(id, caller);
      const { workflow, full, owner } = await workflowJson(row, caller);
      // n8n's "Use workflow" with the caller's library key: the file taken, as a refund decision weighs it.
      if (full && owner) await repository.recordImport(row.id, owner, row.currentVersionId);
      return { template: { id: row.number, name: textsOf(row, caller).title }, workflow };
    },

    async collections(
      filter: { categoryIds: number[]; search?: string },
      caller: TemplatesCaller,
    ): Promise<{ collections: N8nCollectionListItem[] }> {
      const search = filter.search ? normalizeName(filter.search) : '';
      const useCases = (await useCasesOf(caller)).filter(
        (useCase) =>
          (filter.categoryIds.length === 0 || filter.categoryIds.includes(useCase.number)) &&
          (!search ||
            normalizeName(useCase.name).includes(search) ||
            normalizeName(useCase.nameVi).includes(search)),
      );
      const collections = await Promise.all(
        useCases.map(async (useCase) => {
          const { rows } = await repository.search({ useCaseIds: [useCase.id] }, 0, COLLECTION_SIZE);
          return collectionItem(useCase, rows, caller);
        }),
      );
      return { collections };
    },

    async collection(id: number, caller: TemplatesCaller): Promise<N8nCollectionResponse> {
      const useCase = (await useCasesOf(caller)).find((entry) => entry.number === id);
      if (!useCase) throw notFound('NOT_FOUND', 'Collection not found');
      const { rows } = await repository.search({ useCaseIds: [useCase.id] }, 0, COLLECTION_SIZE);
      const { workflows: _ids, ...summary } = collectionItem(useCase, rows, caller);
      return {
        collection: {
          ...summary,
          description: TEXT[caller.language].collection(categoryOf(useCase, caller.language).name),
          image: [],
          categories: [categoryOf(useCase, caller.language)],
          workflows: rows.map((row) => listItem(row, caller)),
        },
      };
    },

    /* ---------- personal library keys ---------- */

    /**
     * The caller a key stands for elsewhere (the MCP endpoint): its owner as a plain user, never an
     * admin, since a key is pasted into other programs' settings; null for an unknown or revoked key.
     */
    async keyViewer(key: string): Promise<SignedInViewer | null> {
      if (!key.startsWith(KEY_PREFIX)) return null;
      const row = await repository.activeKeyUser(hashKey(key));
      if (!row) return null;
      return {
        kind: 'user',
        id: row.id,
        email: row.email,
        emailVerified: row.emailVerified,
        sessionId: `library-key:${row.keyId}`,
      };
    },

    async listKeys(viewer: Viewer): Promise<N8nKey[]> {
      const user = requireUser(viewer);
      return (await repository.activeKeys(user.id)).map(toKey);
    },

    async createKey(viewer: Viewer, label: string, publicUrl: string): Promise<CreatedN8nKey> {
      const user = requireUser(viewer);
      const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = await repository.insertKeyWithinLimit(
        { userId: user.id, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX.length + 4), label },
        N8N_MAX_KEYS,
      );
      if (!row) throw new AppError('N8N_KEY_LIMIT', `At most ${N8N_MAX_KEYS} library keys`);
      return { ...toKey(row), key, templates_host: `${publicUrl}/n8n/k/${key}` };
    },

    async revokeKey(viewer: Viewer, id: string): Promise<void> {
      const user = requireUser(viewer);
      if (!(await repository.revokeKey(user.id, id))) throw notFound('NOT_FOUND', 'Key not found');
    },
  };

  function collectionItem(
    useCase: UseCaseRow,
    rows: TemplateRow[],
    caller: TemplatesCaller,
  ): N8nCollectionListItem {
    const nodes = new Map<string, N8nTemplateNode>();
    for (const row of rows)
      for (const node of templateNodes(row)) if (!nodes.has(node.name)) nodes.set(node.name, node);
    const created = rows.map((row) => (row.listedAt ?? row.createdAt).getTime());
    return {
      id: useCase.number,
      rank: useCase.number,
      name: categoryOf(useCase, caller.language).name,
      totalViews: rows.reduce((sum, row) => sum + row.views, 0),
      createdAt: new Date(created.length > 0 ? Math.min(...created) : 0).toISOString(),
      workflows: rows.map((row) => ({ id: row.number })),
      nodes: [...nodes.values()].slice(0, 10),
    };
  }
}

function toKey(row: { id: string; label: string; prefix: string; createdAt: Date }): N8nKey {
  return { id: row.id, label: row.label, prefix: row.prefix, created_at: row.createdAt.toISOString() };
}

export type N8nService = ReturnType<typeof createN8nService>;
