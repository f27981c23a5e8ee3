import { z } from "zod";
import { searchField } from "./fields";

export const MAX_MOVIE_SEARCH_LENGTH = 100;

/** The Add Shows movie search, from the URL. */
export const movieSearchSchema = z.object({ search: searchField(MAX_MOVIE_SEARCH_LENGTH) });
