import { z } from "zod";
import { pageField } from "./fields";
import { MAX_LIST_PAGE } from "./list-query";

/** The outbox page's state in the URL: which page of the latest messages. */
export const outboxListSchema = z.object({ page: pageField(MAX_LIST_PAGE) });
